import type { Address, SaveAddressBody } from '../../../../types/api/addresses';
import { ADDRESSES_PER_USER_MAX } from '../../../../types/constants';
import type { Lang } from '../../../../types/lang';
import { failed, invalidField, notFound } from '../../errors';
import { localized } from '../../i18n/localized';
import type { AppTransaction, AppUnitOfWork } from '../repositories';
import type { AddressesRepository, AddressRow } from './repository';

type NewAddress = Parameters<AddressesRepository['insert']>[0];
import { checkAddressFields, checkRecipient, type CleanAddress } from './rules';

export function toAddress(row: AddressRow, lang: Lang): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    city_id: row.city_id,
    city_name: localized(row, 'city_name', lang),
    area_id: row.area_id,
    area_name: localized(row, 'area_name', lang),
    building_id: row.building_id,
    building_name: localized(row, 'building_name', lang),
    building_address: localized(row, 'building_address', lang),
    building_no: row.building_no,
    room_no: row.room_no,
    lat: Number(row.lat),
    lng: Number(row.lng),
    is_default: row.default_address_id === row.id,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/**
 * Checks that the building exists in the area; fills the coordinates from the building when none were given.
 * Unknown area or a building outside it answer 1003 on that field (the customer picks again).
 */
export async function resolvePlace(repo: AddressesRepository, clean: CleanAddress) {
  const { area, building } = await repo.place(clean.area_id, clean.building_id);
  if (!area) throw invalidField('area_id', 'address.area_not_found');
  if (!building) throw invalidField('building_id', 'address.building_not_found');
  return { ...clean, lat: clean.lat ?? Number(building.lat), lng: clean.lng ?? Number(building.lng) };
}

/** An address as an order keeps it: recipient, one line in each language, the coordinates. */
export interface AddressSnapshot {
  name: string;
  phone: string;
  cn: string;
  en: string;
  lat: number;
  lng: number;
}

/** The order's copy of an address: Chinese from the city down, English from the room up. */
export function snapshotOf(a: AddressRow): AddressSnapshot {
  const join = (...parts: string[]) => parts.filter(Boolean);
  return {
    name: a.name,
    phone: a.phone,
    cn: join(a.city_name_cn, a.area_name_cn, a.building_name_cn, a.building_no, a.room_no).join(' '),
    en: join(a.room_no, a.building_no, a.building_name_en || a.building_name_cn, a.area_name_en, a.city_name_en).join(
      ', ',
    ),
    lat: Number(a.lat),
    lng: Number(a.lng),
  };
}

/** The address book: a customer reads and changes only their own addresses; others' ids answer 1004. */
export function createAddressesService(uow: AppUnitOfWork, now: () => number) {
  const repo = uow.repos.addresses;
  async function own(userId: number, id: number, lang: Lang): Promise<Address> {
    const row = await repo.byId(userId, id);
    if (!row) throw notFound('address.not_found');
    return toAddress(row, lang);
  }

  return {
    async list(userId: number, lang: Lang): Promise<{ list: Address[] }> {
      const list = (await repo.list(userId)).map((r) => toAddress(r, lang));
      // The default first, then the most recently changed (the repository's order).
      return { list: [...list.filter((a) => a.is_default), ...list.filter((a) => !a.is_default)] };
    },

    get: own,

    /** The customer's own address as an order keeps it (1004 for another customer's or a missing one). */
    async forOrder(userId: number, id: number): Promise<AddressSnapshot> {
      const row = await repo.byId(userId, id);
      if (!row) throw notFound('address.not_found');
      return snapshotOf(row);
    },

    /** The address's area and building checked, coordinates filled from the building when none were given. */
    place: (clean: CleanAddress) => resolvePlace(repo, clean),

    /**
     * Adds an address in the caller's transaction (a registration's first one), within the book's limit, and makes it
     * the default when asked.
     */
    async add(
      tx: AppTransaction,
      userId: number,
      address: Omit<NewAddress, 'user_id' | 'created_at' | 'updated_at'>,
      at: number,
      makeDefault: boolean,
    ): Promise<number> {
      const id = await tx.addresses.insert(
        { ...address, user_id: userId, created_at: at, updated_at: at },
        ADDRESSES_PER_USER_MAX,
      );
      if (id === undefined) throw failed('address.too_many', { max: ADDRESSES_PER_USER_MAX });
      if (makeDefault) await tx.addresses.setDefault(userId, id, at);
      return id;
    },

    async defaultOf(userId: number, lang: Lang): Promise<Address | null> {
      const id = await repo.defaultId(userId);
      if (id === null) return null;
      const row = await repo.byId(userId, id);
      return row ? toAddress(row, lang) : null;
    },

    async save(userId: number, body: SaveAddressBody, lang: Lang): Promise<Address> {
      const recipient = checkRecipient(body);
      const place = await resolvePlace(repo, checkAddressFields(body));
      const at = now();
      if (body.id !== undefined) {
        const changes = { ...recipient, ...place, updated_at: at };
        const saved = await repo.updateWithDefault(userId, body.id, changes, at, !!body.is_default);
        if (saved === false) throw notFound('address.not_found');
        if (saved) return own(userId, body.id, lang);
      }
      const id = await uow.transaction(async ({ addresses: tx }) => {
        let id = body.id;
        if (id === undefined) {
          const values = { user_id: userId, ...recipient, ...place, created_at: at, updated_at: at };
          id = await tx.insert(values, ADDRESSES_PER_USER_MAX);
          if (id === undefined) throw failed('address.too_many', { max: ADDRESSES_PER_USER_MAX });
        } else if (!(await tx.update(userId, id, { ...recipient, ...place, updated_at: at }))) {
          throw notFound('address.not_found');
        }
        if (body.is_default || (await tx.defaultId(userId)) === null) await tx.setDefault(userId, id, at);
        return id;
      });
      return own(userId, id, lang);
    },

    /** Deleting the default makes the most recently changed remaining address the default (or none). */
    async remove(userId: number, id: number): Promise<void> {
      await uow.transaction(async ({ addresses: tx }) => {
        if (!(await tx.remove(userId, id))) throw notFound('address.not_found');
        if ((await tx.defaultId(userId)) === id) await tx.setDefault(userId, await tx.latestId(userId), now());
      });
    },

    async setDefault(userId: number, id: number, lang: Lang): Promise<Address> {
      await uow.transaction(async ({ addresses: tx }) => {
        if (!(await tx.byId(userId, id))) throw notFound('address.not_found');
        await tx.setDefault(userId, id, now());
      });
      return own(userId, id, lang);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
