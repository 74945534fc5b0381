import Taro from '@tarojs/taro';
import { ROUTES, buildPath, matchPath } from '../routes';
import { browserCopy } from './clipboard';
import { weappNavigation } from './navigation';
import type { Links, OpenUrlOutcome } from './types';

/** Scheme and host of an absolute http(s) URL, lower-cased; undefined for anything else (javascript:, relative). */
export function webUrlParts(url: string): { scheme: 'http' | 'https'; host: string } | undefined {
  // No URL global in every mini program base library: a regular expression reads the authority. A backslash ends it
  // as browsers do (`https://evil.example\\@good.example` goes to evil.example).
  const m = /^(https?):\/\/(?:[^@/?#\\\s]*@)?([a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#\\]|$)/i.exec(url.trim());
  return m ? { scheme: m[1]!.toLowerCase() as 'http' | 'https', host: m[2]!.toLowerCase() } : undefined;
}

/** `TARO_APP_WEBVIEW_HOSTS`: comma-separated host names; `*.example.com` also allows every subdomain. */
export function parseHostList(list: string): string[] {
  return list
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
}

export function hostAllowed(host: string, allowed: string[]): boolean {
  return allowed.some((a) => (a.startsWith('*.') ? host === a.slice(2) || host.endsWith(a.slice(1)) : host === a));
}

const copy = async (text: string) => {
  try {
    await Taro.setClipboardData({ data: text });
    return true;
  } catch {
    return false;
  }
};

/**
 * The mini program cannot leave for a web page: a link opens in its web-view page when WeChat would show it there
 * (https, a host configured as a business domain of the mini program, listed in TARO_APP_WEBVIEW_HOSTS); any other
 * link is copied, so the customer can paste it into a browser.
 */
export function weappLinks(allowedHosts: string[]): Links {
  const webViewAllowed = (url: string) => {
    const parts = webUrlParts(url);
    return !!parts && parts.scheme === 'https' && hostAllowed(parts.host, allowedHosts);
  };
  return {
    webViewAllowed,
    async openUrl(url): Promise<OpenUrlOutcome> {
      if (!webUrlParts(url)) return 'refused';
      if (webViewAllowed(url)) {
        await weappNavigation.go('webview', { url: url.trim() });
        return 'opened';
      }
      return (await copy(url.trim())) ? 'copied' : 'refused';
    },
    copyText: copy,
    siteUrl: () => '',
  };
}

/** H5: a link to a screen of this site goes through the router (no reload); any other web page is navigated to. */
export function h5Links(location: () => Location = () => window.location): Links {
  return {
    webViewAllowed: () => false,
    async openUrl(url): Promise<OpenUrlOutcome> {
      const parts = webUrlParts(url);
      const here = location();
      if (!parts) return 'refused';
      const target = new URL(url.trim());
      if (target.origin === here.origin) {
        const isScreen = Object.values(ROUTES).some((r) => matchPath(r.path, target.pathname));
        if (isScreen) {
          await Taro.navigateTo({ url: `${target.pathname}${target.search}` });
          return 'opened';
        }
      }
      here.assign(target.toString());
      return 'opened';
    },
    copyText: browserCopy,
    siteUrl: (route, params) => new URL(buildPath(ROUTES[route].path, params), location().origin).toString(),
  };
}
