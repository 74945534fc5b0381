/**
 * Calling and finding a restaurant (issue 15 §2) through the platform adapter: the mini program's makePhoneCall and
 * openLocation, H5's tel: link and a map page that takes our GCJ-02 position.
 */
import { fakeTaro, resetFakeTaro } from '../support/fake-taro';
import { dialable, h5Contact, mapUrl, weappContact } from '../../../src/platform/contact';
import { platform as h5 } from '../../../src/platform/index.h5';
import { platform as weapp } from '../../../src/platform/index.weapp';

jest.mock('@tarojs/taro', () => jest.requireActual('../support/fake-taro').fakeTaroModule);

beforeEach(() => {
  resetFakeTaro();
});

const place = { lat: 22.5455, lng: 114.1201, name: '东门兰州拉面', address: '罗湖区东门路 12 号' };

describe('contact', () => {
  it('each platform build has its own', () => {
    expect(weapp.contact).toBe(weappContact);
    expect(typeof h5.contact.call).toBe('function');
  });

  it('mini program: makePhoneCall with the number to dial; openLocation at the place', async () => {
    expect(await weappContact.call('0755-8234 5678')).toBe(true);
    expect(fakeTaro.makePhoneCall).toHaveBeenCalledWith({ phoneNumber: '075582345678' });
    expect(await weappContact.call('')).toBe(false);
    expect(fakeTaro.makePhoneCall).toHaveBeenCalledTimes(1);
    fakeTaro.makePhoneCall.mockRejectedValueOnce({ errMsg: 'makePhoneCall:fail cancel' });
    expect(await weappContact.call('13800138000')).toBe(false);
    expect(await weappContact.showOnMap(place)).toBe(true);
    expect(fakeTaro.openLocation).toHaveBeenCalledWith({
      latitude: 22.5455,
      longitude: 114.1201,
      name: '东门兰州拉面',
      address: '罗湖区东门路 12 号',
      scale: 16,
    });
    expect(weappContact.mapUrl(place)).toBe('');
  });

  it('H5: a tel: link, and a map page in a new tab', async () => {
    const win = { location: { href: '' }, open: jest.fn() };
    const contact = h5Contact(() => win as unknown as Window);
    expect(await contact.call('+86 755-82345678')).toBe(true);
    expect(win.location.href).toBe('tel:+8675582345678');
    expect(await contact.call('—')).toBe(false);
    expect(await contact.showOnMap(place)).toBe(true);
    expect(win.open).toHaveBeenCalledWith(mapUrl(place), '_blank', 'noopener');
    const url = new URL(mapUrl(place));
    expect(url.origin + url.pathname).toBe('https://uri.amap.com/marker');
    expect(url.searchParams.get('position')).toBe('114.1201,22.5455');
    expect(url.searchParams.get('coordinate')).toBe('gaode');
    expect(url.searchParams.get('name')).toBe('东门兰州拉面');
    expect(dialable('(0755) 8234-5678')).toBe('075582345678');
  });
});
