import { startFirstScreen } from '../../../src/stores/first-screen';
import { RootStore } from '../../../src/stores/root-store';
import { fakePlatform } from '../support/fake-platform';

const popupList = { code: 1000, msg: 'ok', data: [] };

function setup() {
  const platform = fakePlatform({ respond: () => ({ statusCode: 200, data: popupList }) });
  const store = new RootStore({ platform, apiBase: '' });
  const popupCalls = () => platform.requests.filter((r) => r.url.includes('/api/szeat/popuplist')).length;
  return { store, platform, popupCalls };
}

describe('startFirstScreen (H5, before the page renders)', () => {
  it("asks for home's pop-ups at once when home is opened, and home's own ask adds no request", async () => {
    const { store, popupCalls } = setup();
    expect(popupCalls()).toBe(0);
    startFirstScreen(store, '/');
    expect(popupCalls()).toBe(1);
    // What home's HomePopup does when it shows.
    await store.popups.load();
    expect(popupCalls()).toBe(1);
  });

  it('asks for nothing on other screens', () => {
    const { store, platform } = setup();
    startFirstScreen(store, '/restaurant_list');
    startFirstScreen(store, '/article/42');
    expect(platform.requests).toEqual([]);
  });
});
