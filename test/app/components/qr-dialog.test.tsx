/**
 * The QR dialog shows the server's picture of a code: a loading state until it has loaded, an error state with a
 * retry when it fails (a code not set up, WeChat unreachable), alt text, and the link with a copy action.
 */
import { act } from 'react';
import { QrDialog } from '../../../src/components/qr-dialog';
import { loadSavedLang, RootStore, StoreProvider } from '../../../src/stores';
import { fakePlatform } from '../support/fake-platform';
import { fakeApi } from '../support/page';
import { click, getByText, queryByText, render, waitFor } from '../support/render';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/taro-page-hooks').taroWithPageHooks());

async function show(
  props: { link?: string; open?: boolean } = {},
  options: { lang?: 'cn' | 'en'; copies?: boolean } = {},
) {
  const platform = fakePlatform({ storage: { _lang: options.lang ?? 'en' }, copies: options.copies ?? true });
  // As the app starts (src/start-up.h5.ts): the saved language's pack first.
  await loadSavedLang(platform.storage);
  const store = new RootStore({ platform, apiBase: '', api: fakeApi() });
  const onClose = jest.fn();
  const ui = (open: boolean) => (
    <StoreProvider store={store}>
      <QrDialog
        open={open}
        title='Contact Us'
        image='/api/szeat/qrcode?kind=contact'
        tip='Scan to add us'
        {...(props.link ? { link: props.link } : {})}
        onClose={onClose}
      />
    </StoreProvider>
  );
  const view = await render(ui(props.open ?? true));
  const dialog = view.container.querySelector<HTMLElement>('.qr-dialog')!;
  const image = () => dialog.querySelector<HTMLElement>('.qr-dialog__image');
  /** The picture's load or error event, as the browser fires it on the Image component. */
  const fire = async (type: 'load' | 'error') => {
    const img = await waitFor(() => {
      const el = image()?.querySelector('img') ?? image();
      if (!el) throw new Error('no image');
      return el;
    });
    await act(async () => {
      img.dispatchEvent(new Event(type));
    });
  };
  return { ...view, dialog, image, fire, platform, reopen: (open: boolean) => view.rerender(ui(open)) };
}

describe('QR dialog', () => {
  it('asks for the picture only while open, shows loading until it has loaded, with alt text', async () => {
    const d = await show({ open: false });
    expect(d.image()).toBeNull();
    await d.reopen(true);
    const image = d.image()!;
    expect(image.querySelector('img')!.getAttribute('src')).toBe('/api/szeat/qrcode?kind=contact');
    expect(image.className).toContain('qr-dialog__image--loading');
    expect(getByText(d.dialog, 'Loading the code…')).toBeTruthy();
    expect(getByText(d.dialog, 'Scan to add us')).toBeTruthy();
    const img = await waitFor(() => {
      const el = d.image()?.querySelector('img');
      if (!el) throw new Error('the picture has not rendered yet');
      return el;
    });
    expect(img.getAttribute('alt')).toBe('QR code: Contact Us');
    await d.fire('load');
    expect(queryByText(d.dialog, 'Loading the code…')).toBeNull();
    expect(d.image()!.className).toContain('qr-dialog__image--ready');
    // Closed and opened again: a new Image, loading again from its first render.
    await d.reopen(false);
    expect(d.image()).toBeNull();
    await d.reopen(true);
    expect(d.image()!.className).toContain('qr-dialog__image--loading');
    await d.fire('load');
    expect(d.image()!.className).toContain('qr-dialog__image--ready');
  });

  it('shows an error with a retry that asks again (in Chinese too)', async () => {
    const d = await show({}, { lang: 'cn' });
    const first = d.image();
    await d.fire('error');
    expect(getByText(d.dialog, '二维码暂时无法显示')).toBeTruthy();
    expect(d.image()!.className).toContain('qr-dialog__image--error');
    await click(getByText(d.dialog, '重试'));
    expect(queryByText(d.dialog, '二维码暂时无法显示')).toBeNull();
    expect(getByText(d.dialog, '正在加载二维码…')).toBeTruthy();
    // A new Image element: the browser asks for the picture again.
    expect(d.image()).not.toBe(first);
    await d.fire('load');
    expect(queryByText(d.dialog, '正在加载二维码…')).toBeNull();
  });

  it('shows the link with a copy action, and says whether copying worked', async () => {
    const link = 'https://szeat.test/restaurant_detail?id=7';
    const d = await show({ link });
    expect(getByText(d.dialog, link)).toBeTruthy();
    await click(getByText(d.dialog, 'Copy link'));
    expect(d.platform.copyText).toHaveBeenCalledWith(link);
    expect(d.platform.feedback.toast).toHaveBeenLastCalledWith('Link copied', 'success');

    const failing = await show({ link }, { copies: false });
    await click(getByText(failing.dialog, 'Copy link'));
    expect(failing.platform.feedback.toast).toHaveBeenLastCalledWith(
      'Could not copy: press and hold the link to copy it',
      'error',
    );
  });

  it('has no link line when there is no link', async () => {
    const d = await show();
    expect(d.dialog.querySelector('.qr-dialog__link')).toBeNull();
  });
});
