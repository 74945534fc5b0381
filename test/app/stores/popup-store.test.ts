import { DEVICE_ID_KEY, PopupStore } from '../../../src/stores/popup-store';
import type { Popup } from '../../../types/api/catalogue';
import { memoryStorage } from '../support/fake-platform';

const popup = (id: number, version = 1): Popup => ({
  id,
  title: `Pop-up ${id}`,
  content: 'Hello',
  picture: '',
  link: { type: 'none', id: null, url: '' },
  version,
  starts_at: 0,
  ends_at: 0,
});

function setup(list: Popup[] = [popup(1), popup(2)], storage = memoryStorage()) {
  const catalogue = {
    popups: jest.fn(async (_deviceId: string) => list),
    seePopup: jest.fn(async (id: number, _deviceId: string) => ({ popup_id: id, version: 1 })),
  };
  let viewer = '';
  let lang = 'cn';
  const store = new PopupStore({
    storage,
    catalogue: () => catalogue as never,
    viewer: () => viewer,
    lang: () => lang,
  });
  return {
    store,
    catalogue,
    storage,
    setViewer: (v: string) => (viewer = v),
    setLang: (l: string) => (lang = l),
  };
}

describe('PopupStore', () => {
  it('makes a device id once and keeps it', () => {
    const { store, storage } = setup();
    const id = store.deviceId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(storage.get(DEVICE_ID_KEY)).toBe(id);
    expect(store.deviceId()).toBe(id);
  });

  it('replaces a stored device id the server would refuse', () => {
    const { store } = setup(undefined, memoryStorage({ [DEVICE_ID_KEY]: 'bad id!' }));
    expect(store.deviceId()).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("loads the viewer's unseen pop-ups with the device id, once per viewer and language", async () => {
    const { store, catalogue, setViewer, setLang } = setup();
    await store.load();
    await store.load();
    expect(catalogue.popups).toHaveBeenCalledTimes(1);
    expect(catalogue.popups).toHaveBeenCalledWith(store.deviceId());
    expect(store.current?.id).toBe(1);
    setViewer('user:5');
    await store.load();
    setLang('en');
    await store.load();
    expect(catalogue.popups).toHaveBeenCalledTimes(3);
  });

  it('shows at most one per visit, recording the closed one as seen; even a login brings no other (issue 15)', async () => {
    const { store, catalogue, setViewer } = setup();
    await store.load();
    expect(store.current?.id).toBe(1);
    await store.dismiss();
    expect(catalogue.seePopup).toHaveBeenCalledWith(1, store.deviceId());
    expect(store.current).toBeUndefined();
    await store.dismiss();
    expect(catalogue.seePopup).toHaveBeenCalledTimes(1);
    setViewer('user:5');
    await store.load();
    expect(catalogue.popups).toHaveBeenCalledTimes(1);
    expect(store.current).toBeUndefined();
  });

  it('shows nothing and tries again next time when the list fails', async () => {
    const { store, catalogue } = setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    catalogue.popups.mockRejectedValueOnce(new Error('offline'));
    await store.load();
    expect(store.current).toBeUndefined();
    await store.load();
    expect(store.current?.id).toBe(1);
    warn.mockRestore();
  });

  it('moves on when recording a pop-up as seen fails', async () => {
    const { store, catalogue } = setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    catalogue.seePopup.mockRejectedValueOnce(new Error('offline'));
    await store.load();
    await store.dismiss();
    expect(store.current).toBeUndefined();
    warn.mockRestore();
  });
});
