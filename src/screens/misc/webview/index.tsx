import { Text, View, WebView } from '@tarojs/components';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { PageShell } from '../../../components/page-shell';
import { useStores, useT } from '../../../stores';
import './index.scss';
import { useRouteParams } from '../../../utils/use-route-params';
import { pressable } from '../../../utils/a11y';
// This package's messages (src/i18n/parts.json), before anything renders.
import '../../../i18n/parts/misc';

/**
 * webview?url=…: the mini program's way to show a web page a promotion or ad links to (platform.openUrl sends only
 * allowed https hosts here). Any other link, and this path on H5 (where it must not become an open redirect or a
 * frame of someone else's page), shows the link to copy instead.
 */
function WebViewPage() {
  const { platform } = useStores();
  const t = useT();
  const url = useRouteParams(platform.navigation, 'webview').url ?? '';
  const allowed = !!url && platform.webViewAllowed(url);
  useEffect(() => platform.setTitle(t('link.page_title')), [platform, t]);

  if (allowed) return <WebView src={url} />;

  const copy = async () => {
    const done = await platform.copyText(url);
    platform.feedback.toast(done ? t('link.copied') : t('link.copy_failed'), done ? 'success' : 'error');
  };
  return (
    <PageShell>
      <View className='webview-refused'>
        <Text className='webview-refused__message'>{t('link.not_allowed')}</Text>
        {url && <Text className='webview-refused__url'>{url}</Text>}
        {url && (
          <Text className='webview-refused__copy' {...pressable(() => void copy())}>
            {t('link.copy')}
          </Text>
        )}
        <Text className='webview-refused__home' {...pressable(() => void platform.navigation.replace('home'))}>
          {t('app.back_home')}
        </Text>
      </View>
    </PageShell>
  );
}

export default observer(WebViewPage);
