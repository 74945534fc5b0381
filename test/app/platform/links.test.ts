/**
 * Opening links of type `url` (promotions, ads) on each platform: H5 routes screens of this site through the router
 * and navigates to other pages; the mini program opens allowed https hosts in its web-view page and copies the rest.
 */
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { h5Links, hostAllowed, parseHostList, webUrlParts, weappLinks } from '../../../src/platform/links';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';
import { ROUTES } from '../../../src/routes';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

describe('link parts', () => {
  it('reads scheme and host of http(s) links only', () => {
    expect(webUrlParts('https://Shop.Example.com:8443/a?b=1#c')).toEqual({ scheme: 'https', host: 'shop.example.com' });
    expect(webUrlParts(' http://user:pw@example.com')).toEqual({ scheme: 'http', host: 'example.com' });
    // A backslash ends the host, as browsers read it: this goes to evil.example, not good.example.
    expect(webUrlParts('https://evil.example\\@good.example/')).toEqual({ scheme: 'https', host: 'evil.example' });
    expect(new URL('https://evil.example\\@good.example/').hostname).toBe('evil.example');
    for (const bad of [
      'javascript:alert(1)',
      '/restaurant_detail?id=1',
      'ftp://x.example',
      'https://',
      'mailto:a@b.c',
    ]) {
      expect(webUrlParts(bad)).toBeUndefined();
    }
  });

  it('matches hosts exactly, and a domain with its subdomains for *.', () => {
    const list = parseHostList(' Shop.szeat.example, *.partner.example ,,');
    expect(list).toEqual(['shop.szeat.example', '*.partner.example']);
    expect(hostAllowed('shop.szeat.example', list)).toBe(true);
    expect(hostAllowed('m.shop.szeat.example', list)).toBe(false);
    expect(hostAllowed('partner.example', list)).toBe(true);
    expect(hostAllowed('a.b.partner.example', list)).toBe(true);
    expect(hostAllowed('evilpartner.example', list)).toBe(false);
    expect(hostAllowed('partner.example.evil', list)).toBe(false);
  });
});

describe('mini program links', () => {
  const links = weappLinks(['shop.szeat.example', '*.partner.example']);

  it('opens an allowed https page in the web-view page', async () => {
    const url = 'https://shop.szeat.example/offer?a=1&b=2#top';
    expect(links.webViewAllowed(url)).toBe(true);
    await expect(links.openUrl(url)).resolves.toBe('opened');
    expect(fakeTaro.navigateTo).toHaveBeenCalledWith({
      url: `/${ROUTES.webview.page}?url=${encodeURIComponent(url)}`,
    });
    expect(fakeTaro.setClipboardData).not.toHaveBeenCalled();
  });

  it('copies any other web link (another host, or plain http which the web-view refuses)', async () => {
    for (const url of ['https://elsewhere.example/x', 'http://shop.szeat.example/offer']) {
      expect(links.webViewAllowed(url)).toBe(false);
      await expect(links.openUrl(url)).resolves.toBe('copied');
    }
    expect(fakeTaro.setClipboardData.mock.calls.map((c) => c[0])).toEqual([
      { data: 'https://elsewhere.example/x' },
      { data: 'http://shop.szeat.example/offer' },
    ]);
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('refuses what is not a web link, and says so when the clipboard refuses', async () => {
    await expect(links.openUrl('javascript:alert(1)')).resolves.toBe('refused');
    expect(fakeTaro.setClipboardData).not.toHaveBeenCalled();
    fakeTaro.setClipboardData.mockRejectedValueOnce({ errMsg: 'setClipboardData:fail' });
    await expect(links.openUrl('https://elsewhere.example/x')).resolves.toBe('refused');
  });

  it('has no site address to share', () => {
    expect(links.siteUrl('restaurantDetail', { id: 3 })).toBe('');
  });

  it('is what the weapp platform uses, with the build-time allowlist (TARO_APP_WEBVIEW_HOSTS)', async () => {
    expect(weapp.webViewAllowed('https://a.partner.example/')).toBe(true);
    expect(weapp.webViewAllowed('https://b.example/')).toBe(false);
    await expect(weapp.openUrl('https://b.example/')).resolves.toBe('copied');
  });
});

describe('H5 links', () => {
  const assign = jest.fn();
  const at = (href: string) => {
    const u = new URL(href);
    return () => ({ origin: u.origin, href: u.href, assign }) as unknown as Location;
  };
  beforeEach(() => assign.mockReset());

  it('routes a link to a screen of this site through the router, without reloading', async () => {
    const links = h5Links(at('https://szeat.test/restaurant_list'));
    await expect(links.openUrl('https://szeat.test/restaurant_detail?id=3#menu')).resolves.toBe('opened');
    await expect(links.openUrl('https://szeat.test/article/42')).resolves.toBe('opened');
    expect(fakeTaro.navigateTo.mock.calls.map((c) => c[0].url)).toEqual(['/restaurant_detail?id=3', '/article/42']);
    expect(assign).not.toHaveBeenCalled();
  });

  it('navigates to other sites, and to files of this one that are not screens', async () => {
    const links = h5Links(at('https://szeat.test/'));
    await links.openUrl('https://partner.example/offer?x=1');
    await links.openUrl('https://szeat.test/img/menu.pdf');
    await links.openUrl('http://szeat.test/restaurant_list');
    expect(assign.mock.calls.map((c) => c[0])).toEqual([
      'https://partner.example/offer?x=1',
      'https://szeat.test/img/menu.pdf',
      'http://szeat.test/restaurant_list',
    ]);
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it('refuses what is not a web link', async () => {
    const links = h5Links(at('https://szeat.test/'));
    await expect(links.openUrl('javascript:alert(document.cookie)')).resolves.toBe('refused');
    await expect(links.openUrl('data:text/html,<script>1</script>')).resolves.toBe('refused');
    expect(assign).not.toHaveBeenCalled();
    expect(fakeTaro.navigateTo).not.toHaveBeenCalled();
  });

  it("has no web-view, copies with the browser's clipboard, and gives the absolute address of a screen", async () => {
    const links = h5Links(at('https://szeat.test/x'));
    expect(links.webViewAllowed('https://shop.szeat.example/')).toBe(false);
    const writeText = jest.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await expect(links.copyText('hello')).resolves.toBe(true);
      expect(writeText).toHaveBeenCalledWith('hello');
      // Not Taro's, which adds a Chinese-only toast of its own and loads Taro's toast code with the first page.
      expect(fakeTaro.setClipboardData).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
    }
    expect(links.siteUrl('restaurantDetail', { id: 12 })).toBe('https://szeat.test/restaurant_detail?id=12');
  });

  it('copies with execCommand where the clipboard API is missing or refused, and says when it cannot', async () => {
    const links = h5Links(at('https://szeat.test/x'));
    const copied: string[] = [];
    const execCommand = jest.fn((command: string) => {
      const area = document.querySelector('textarea')!;
      copied.push(`${command}:${area.value.slice(area.selectionStart, area.selectionEnd)}`);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      await expect(links.copyText('https://szeat.test/restaurant_detail?id=9')).resolves.toBe(true);
      expect(copied).toEqual(['copy:https://szeat.test/restaurant_detail?id=9']);
      expect(document.querySelector('textarea')).toBeNull();
      const refused = jest.fn(async () => Promise.reject(new Error('NotAllowedError')));
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: refused }, configurable: true });
      await expect(links.copyText('again')).resolves.toBe(true);
      expect(refused).toHaveBeenCalled();
      expect(copied[1]).toBe('copy:again');
      execCommand.mockReturnValue(false);
      await expect(links.copyText('no')).resolves.toBe(false);
    } finally {
      Reflect.deleteProperty(navigator, 'clipboard');
      Reflect.deleteProperty(document, 'execCommand');
    }
  });

  it('is what the H5 platform uses (on this page)', () => {
    expect(h5.siteUrl('article', { id: 42 })).toBe(`${window.location.origin}/article/42`);
    expect(h5.webViewAllowed('https://a.partner.example/')).toBe(false);
  });
});
