/**
 * Issue 8 §5 in the compiled mini program (dist/weapp), against the real seeded server: the web-view page is built
 * in a sub-package and refuses links off its allowlist (copying them), a mini program code's scene opens the
 * restaurant it names, and a restaurant shows its mini program code.
 */
import cn from '../../src/i18n/cn.json';
import { packageRootOf, ROUTES } from '../../src/routes';
import { readAppJson, subPackagesOf } from './dist';
import { dataTexts } from './harness';
import { useWeappHarness } from './support/use-harness';

const w = useWeappHarness();

const navigations = (since: number) =>
  w.h.calls
    .slice(since)
    .filter((c) => c.api === 'navigateTo')
    .map((c) => (c.args[0] as { url: string }).url);

describe('links and codes in the mini program', () => {
  it('builds the web-view page in a sub-package, not the main package', () => {
    const app = readAppJson();
    const root = packageRootOf(ROUTES.webview.page);
    const rest = ROUTES.webview.page.slice(root.length + 1);
    expect(subPackagesOf(app).find((p) => p.root.replace(/\/$/, '') === root)?.pages).toContain(rest);
    expect(app.pages).not.toContain(ROUTES.webview.page);
  });

  it('the web-view page shows a link off its allowlist to copy, and copies it', async () => {
    const url = 'https://elsewhere.example/offer?a=1';
    const page = await w.h.openPage(ROUTES.webview.page, { url: encodeURIComponent(url) });
    expect(page.texts()).toEqual(expect.arrayContaining([cn.link.not_allowed, url, cn.link.copy]));
    expect(page.nodes((n) => n.nn === 'web-view')).toHaveLength(0);
    const before = w.h.callsTo('setClipboardData').length;
    await page.tap(page.byClass('webview-refused__copy')[0]!);
    expect(w.h.callsTo('setClipboardData').slice(before)).toEqual([[expect.objectContaining({ data: url })]]);
    await w.h.closePage();
  });

  it("a restaurant's mini program code (scene r=<id>, URL-encoded) opens that restaurant over home", async () => {
    const since = w.h.calls.length;
    await w.h.openPage(ROUTES.home.page, { scene: encodeURIComponent('r=9') });
    expect(navigations(since)).toEqual([`/${ROUTES.restaurantDetail.page}?id=9`]);
    const plain = w.h.calls.length;
    await w.h.closePage();
    await w.h.openPage(ROUTES.home.page, { scene: 'home' });
    expect(navigations(plain)).toEqual([]);
    await w.h.closePage();
  });

  it('the restaurant page shows its mini program code from the server', async () => {
    const page = await w.h.openPage(ROUTES.restaurantDetail.page, { id: '9' });
    const button = page.byClass('restaurant__code')[0]!;
    expect(dataTexts(button)).toEqual([cn.qr.store_button]);
    await page.tap(button);
    const image = page.byClass('qr-dialog__image')[0];
    expect(JSON.stringify(image)).toMatch(/\/api\/szeat\/qrcode\?kind=miniprogram&id=9"/);
    expect(page.texts()).toEqual(expect.arrayContaining([cn.qr.store_title, cn.qr.store_tip_weapp, cn.qr.loading]));
    expect(image).toMatchObject({ ariaLabel: `二维码：${cn.qr.store_title}` });
    expect(page.byClass('qr-dialog__link')).toHaveLength(0);
    // The code the server draws for it (sandbox: a QR code of the restaurant's H5 page) is a picture.
    const src = /"(https?:\/\/[^"]+\/qrcode\?[^"]+)"/.exec(JSON.stringify(image))![1]!;
    const res = await fetch(`${w.api.url}${new URL(src).pathname}${new URL(src).search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    await w.h.closePage();
  });
});
