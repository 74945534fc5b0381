import { ADDRESSES_PER_USER_MAX } from '../../types/constants';
import { ErrorCode } from '../../types/errors';
import { DIALECTS, useTestApp } from './support/app';
import { freshPhone, type Registered, registerUser } from './support/accounts';

describe.each(DIALECTS)('address book API on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;

  const rowsOf = (userId: number) =>
    t.db.kysely.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const defaultOf = async (userId: number) =>
    (
      await t.db.kysely
        .selectFrom('users')
        .select('default_address_id')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).default_address_id;
  const input = (overrides: Record<string, unknown> = {}) => ({
    name: '王五',
    phone: freshPhone(),
    area_id: t.place.areaId,
    building_id: t.place.buildingId,
    building_no: '2栋',
    room_no: '302',
    ...overrides,
  });
  const save = async (u: Registered, overrides: Record<string, unknown> = {}, lang?: string) =>
    api.post('saveaddr', input(overrides), { token: u.token, ...(lang ? { lang } : {}) });

  it('lists the registration address as the default', async () => {
    const u = await registerUser(api, t.place);
    const res = await api.get('addrlist', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data.list).toHaveLength(1);
    expect(res.body.data.list[0]).toMatchObject({
      is_default: true,
      area_id: t.place.areaId,
      building_id: t.place.buildingId,
    });
    expect(typeof res.body.data.list[0]!.city_name).toBe('string');
  });

  it('creates an address with the building coordinates, in the request language, and stores it', async () => {
    const u = await registerUser(api, t.place);
    clock.advance(1000);
    const res = await save(u, { name: '  王五 ' }, 'en');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(ErrorCode.Ok);
    const a = res.body.data;
    expect(a).toMatchObject({
      name: '王五',
      building_no: '2栋',
      room_no: '302',
      lat: t.place.lat,
      lng: t.place.lng,
      is_default: false,
    });
    expect(a.created_at).toBe(clock.now());
    expect(a.area_name).toMatch(/[A-Za-z]/);
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      id: a.id,
      user_id: u.id,
      name: '王五',
      room_no: '302',
      lat: t.place.lat,
      lng: t.place.lng,
    });
    // Newest first after the default.
    const list = (await api.get('addrlist', { token: u.token })).body.data.list;
    expect(list.map((x: { id: number }) => x.id)).toEqual([rows[0]!.id, a.id]);
  });

  it('keeps coordinates the customer gives', async () => {
    const u = await registerUser(api, t.place);
    const res = await save(u, { lat: 22.5001, lng: 113.9002 });
    expect(res.body.data).toMatchObject({ lat: 22.5001, lng: 113.9002 });
  });

  it('makes an address the default when asked, and answers it with addrinfo', async () => {
    const u = await registerUser(api, t.place);
    const res = await save(u, { is_default: true });
    expect(res.body.data.is_default).toBe(true);
    expect(await defaultOf(u.id)).toBe(res.body.data.id);
    const info = await api.get(`addrinfo?id=${res.body.data.id}`, { token: u.token });
    expect(info.body.data).toEqual(res.body.data);
    const list = (await api.get('addrlist', { token: u.token })).body.data.list;
    expect(list[0]!.id).toBe(res.body.data.id);
    expect(list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1);
  });

  it('updates an address in place', async () => {
    const u = await registerUser(api, t.place);
    const created = (await save(u)).body.data;
    clock.advance(5000);
    const res = await save(u, { id: created.id, name: '赵六', room_no: '909', building_no: '' });
    expect(res.body.data).toMatchObject({
      id: created.id,
      name: '赵六',
      room_no: '909',
      building_no: '',
      created_at: created.created_at,
    });
    expect(res.body.data.updated_at).toBe(clock.now());
    const rows = await rowsOf(u.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === created.id)).toMatchObject({ name: '赵六', room_no: '909' });
  });

  it('an update makes the address the default when asked or when there is none, and leaves it otherwise', async () => {
    const u = await registerUser(api, t.place);
    const first = (await defaultOf(u.id))!;
    const second = (await save(u)).body.data;
    // Not asked, a default exists: unchanged.
    expect((await save(u, { id: second.id, name: '钱七' })).body.data.is_default).toBe(false);
    expect(await defaultOf(u.id)).toBe(first);
    // Asked: it becomes the default.
    expect((await save(u, { id: second.id, is_default: true })).body.data.is_default).toBe(true);
    expect(await defaultOf(u.id)).toBe(second.id);
    // No default at all: the updated address becomes it.
    await t.db.kysely.updateTable('users').set({ default_address_id: null }).where('id', '=', u.id).execute();
    const res = await save(u, { id: first, name: '孙八' });
    expect(res.body.data).toMatchObject({ id: first, name: '孙八', is_default: true });
    expect(await defaultOf(u.id)).toBe(first);
    // Someone else's address: 1004, and neither book changes.
    const other = await registerUser(api, t.place);
    const theirs = (await defaultOf(other.id))!;
    const denied = await save(u, { id: theirs, is_default: true });
    expect(denied.body.code).toBe(ErrorCode.NotFound);
    expect(await defaultOf(u.id)).toBe(first);
    expect(await defaultOf(other.id)).toBe(theirs);
  });

  it('sets the default with setdefaultaddr', async () => {
    const u = await registerUser(api, t.place);
    const other = (await save(u)).body.data;
    const res = await api.post('setdefaultaddr', { id: other.id }, { token: u.token });
    expect(res.body).toMatchObject({ code: ErrorCode.Ok, data: { id: other.id, is_default: true } });
    expect(await defaultOf(u.id)).toBe(other.id);
    expect((await api.get('me', { token: u.token })).body.data.default_address!.id).toBe(other.id);
  });

  it('deletes an address; deleting the default moves it to the most recent other address, then to none', async () => {
    const u = await registerUser(api, t.place);
    const [first] = await rowsOf(u.id);
    clock.advance(1000);
    const second = (await save(u)).body.data;
    clock.advance(1000);
    const third = (await save(u)).body.data;
    const res = await api.post('deladdr', { id: first!.id }, { token: u.token });
    expect(res.body).toEqual({ code: ErrorCode.Ok, msg: '成功', data: null });
    expect((await rowsOf(u.id)).map((r) => r.id)).toEqual([second.id, third.id]);
    expect(await defaultOf(u.id)).toBe(third.id);
    await api.post('deladdr', { id: second.id }, { token: u.token });
    expect(await defaultOf(u.id)).toBe(third.id);
    await api.post('deladdr', { id: third.id }, { token: u.token });
    expect(await defaultOf(u.id)).toBeNull();
    expect((await api.get('me', { token: u.token })).body.data.default_address).toBeNull();
    expect((await api.get('addrlist', { token: u.token })).body.data.list).toEqual([]);
    // The next address becomes the default again.
    const next = (await save(u)).body.data;
    expect(next.is_default).toBe(true);
  });

  describe("someone else's address answers not found and changes nothing", () => {
    let owner: Registered;
    let intruder: Registered;
    let theirs: number;
    beforeAll(async () => {
      owner = await registerUser(api, t.place);
      intruder = await registerUser(api, t.place);
      theirs = (await rowsOf(owner.id))[0]!.id;
    });

    it.each([
      ['addrinfo', () => api.get(`addrinfo?id=${theirs}`, { token: intruder.token })],
      ['saveaddr', () => api.post('saveaddr', input({ id: theirs, name: '入侵者' }), { token: intruder.token })],
      ['deladdr', () => api.post('deladdr', { id: theirs }, { token: intruder.token })],
      ['setdefaultaddr', () => api.post('setdefaultaddr', { id: theirs }, { token: intruder.token })],
    ])('%s', async (_, call) => {
      const before = await rowsOf(owner.id);
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ code: ErrorCode.NotFound, msg: '地址不存在', data: null });
      expect(await rowsOf(owner.id)).toEqual(before);
      expect(await defaultOf(owner.id)).toBe(theirs);
      expect(await defaultOf(intruder.id)).not.toBe(theirs);
      expect(
        (await api.get('addrlist', { token: intruder.token })).body.data.list.map((a: { id: number }) => a.id),
      ).not.toContain(theirs);
    });

    it('an unknown id too, in English', async () => {
      const res = await api.get('addrinfo?id=99999999', { token: intruder.token, lang: 'en' });
      expect(res.body).toEqual({ code: ErrorCode.NotFound, msg: 'The address was not found.', data: null });
    });
  });

  it.each([
    ['no recipient', { name: '' }, 'name', "Please enter the recipient's name."],
    [
      'a 33-character recipient',
      { name: 'n'.repeat(33) },
      'name',
      "The recipient's name can be at most 32 characters.",
    ],
    ['no phone', { phone: '' }, 'phone', 'Please enter your mobile number.'],
    ['a bad phone', { phone: '12345' }, 'phone', 'Please enter a valid mobile number: 11 digits starting with 1.'],
    ['no area', { area_id: 0 }, 'area_id', 'Please choose an area.'],
    ['no building', { building_id: undefined }, 'building_id', 'Please choose a building.'],
    ['an unknown area', { area_id: 99999 }, 'area_id', 'The chosen area does not exist. Please choose again.'],
    [
      'a building of another area',
      { building_id: -1 },
      'building_id',
      'The chosen building is not in that area. Please choose again.',
    ],
    [
      'a long building number',
      { building_no: 'b'.repeat(33) },
      'building_no',
      'The building number can be at most 32 characters.',
    ],
    ['no room', { room_no: '' }, 'room_no', 'Please enter the room number.'],
    ['a long room', { room_no: 'r'.repeat(33) }, 'room_no', 'The room number can be at most 32 characters.'],
    ['only a latitude', { lat: 22.5 }, 'lng', 'The location of the address is not valid.'],
    ['a latitude out of range', { lat: 91, lng: 114 }, 'lat', 'The location of the address is not valid.'],
    ['a longitude out of range', { lat: 22, lng: -181 }, 'lng', 'The location of the address is not valid.'],
  ])('refuses %s with that field named', async (_, overrides, field, msg) => {
    const u = await registerUser(api, t.place);
    const body: Record<string, unknown> = input(overrides);
    if (body.building_id === -1) body.building_id = t.place.otherBuildingId;
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const res = await api.post('saveaddr', body, { token: u.token, lang: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: ErrorCode.Validation, msg, data: { field } });
    expect(await rowsOf(u.id)).toHaveLength(1);
  });

  it('refuses bad ids with the shared validation envelope', async () => {
    const u = await registerUser(api, t.place);
    for (const res of [
      await api.get('addrinfo', { token: u.token, lang: 'en' }),
      await api.get('addrinfo?id=abc', { token: u.token, lang: 'en' }),
      await api.post('deladdr', {}, { token: u.token, lang: 'en' }),
      await api.post('setdefaultaddr', { id: 0 }, { token: u.token, lang: 'en' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(ErrorCode.Validation);
      expect(res.body.msg).toMatch(/^id /);
    }
  });

  it(`keeps at most ${ADDRESSES_PER_USER_MAX} addresses`, async () => {
    const u = await registerUser(api, t.place);
    for (let i = 1; i < ADDRESSES_PER_USER_MAX; i++) expect((await save(u)).body.code).toBe(ErrorCode.Ok);
    const res = await save(u, {}, 'en');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: ErrorCode.Failed,
      msg: `You can keep at most ${ADDRESSES_PER_USER_MAX} addresses. Please delete one you no longer use.`,
      data: null,
    });
    expect(await rowsOf(u.id)).toHaveLength(ADDRESSES_PER_USER_MAX);
  });
});
