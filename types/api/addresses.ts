import { Type, type Static } from '@sinclair/typebox';
import { NullableNumber } from './helpers';

/**
 * The customer's address book (addrlist, addrinfo, saveaddr, deladdr, setdefaultaddr). Every call needs a session;
 * an id that is not the caller's answers 1004 as if it did not exist.
 *
 * Input strings default to '' so a missing field gets the same specific, translated message as an empty one
 * (1003 with `data.field`); the server checks every rule, the app may check them first with types/validation. Limits: types/constants.ts.
 */

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Text = (description: string) => Type.String({ default: '', maxLength: 1000, description });

export const Address = Type.Object({
  id: Type.Integer(),
  /** Recipient. */
  name: Type.String(),
  phone: Type.String(),
  city_id: Type.Integer(),
  city_name: Type.String({ description: 'in the request language' }),
  area_id: Type.Integer(),
  area_name: Type.String({ description: 'in the request language' }),
  building_id: Type.Integer(),
  building_name: Type.String({ description: 'in the request language' }),
  /** The building's street address, in the request language. */
  building_address: Type.String(),
  /** Building / block number within the building complex (may be empty). */
  building_no: Type.String(),
  room_no: Type.String(),
  /** GCJ-02 coordinates; the building's when the customer gave none. */
  lat: Type.Number(),
  lng: Type.Number(),
  is_default: Type.Boolean(),
  created_at: Type.Integer({ description: 'epoch milliseconds' }),
  updated_at: Type.Integer({ description: 'epoch milliseconds' }),
});
export type Address = Static<typeof Address>;

/** GET addrlist: the caller's addresses, the default first, then the most recently changed. */
export const AddressList = Type.Object({ list: Type.Array(Address) });
export type AddressList = Static<typeof AddressList>;

/** GET addrinfo?id= */
export const AddressIdQuery = Type.Object({ id: Id });
export type AddressIdQuery = Static<typeof AddressIdQuery>;

/** POST deladdr / setdefaultaddr { id } */
export const AddressIdBody = Type.Object({ id: Id });
export type AddressIdBody = Static<typeof AddressIdBody>;

/**
 * POST saveaddr: creates (no id) or updates (id of one of the caller's addresses) and answers the saved Address.
 * The building must belong to the area. lat/lng default to the building's coordinates. The first address, or one
 * saved with is_default true, becomes the default.
 */
export const SaveAddressBody = Type.Object({
  id: Type.Optional(Id),
  name: Text('recipient name, 1-32 characters'),
  phone: Text('11-digit mobile number starting with 1'),
  area_id: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
  building_id: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
  building_no: Text('building / block number, up to 32 characters, may be empty'),
  room_no: Text('room number, 1-32 characters'),
  lat: Type.Optional(NullableNumber({ description: 'null or absent (with lng): the building’s coordinates' })),
  lng: Type.Optional(NullableNumber({ description: 'null or absent (with lat): the building’s coordinates' })),
  is_default: Type.Optional(Type.Boolean()),
});
export type SaveAddressBody = Static<typeof SaveAddressBody>;
