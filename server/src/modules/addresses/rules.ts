import { BUILDING_NO_MAX, NAME_MAX, ROOM_NO_MAX } from '../../../../types/constants';
import { isPhone } from '../../../../types/validation';
import { invalidField } from '../../errors';

/** The address fields a form sends (saveaddr, and reg without the recipient). */
export interface AddressFields {
  area_id: number;
  building_id: number;
  building_no: string;
  room_no: string;
  lat?: number | null;
  lng?: number | null;
}

export interface CleanAddress {
  area_id: number;
  building_id: number;
  building_no: string;
  room_no: string;
  lat: number | null;
  lng: number | null;
}

/** Recipient name and phone of saveaddr, in the form's order; throws 1003 naming the first bad field. */
export function checkRecipient(input: { name: string; phone: string }): { name: string; phone: string } {
  const name = input.name.trim();
  if (!name) throw invalidField('name', 'address.recipient_required');
  if ([...name].length > NAME_MAX) throw invalidField('name', 'address.recipient_too_long', { max: NAME_MAX });
  const phone = input.phone.trim();
  if (!phone) throw invalidField('phone', 'account.phone_required');
  if (!isPhone(phone)) throw invalidField('phone', 'account.phone_invalid');
  return { name, phone };
}

/** Area, building, building number, room, coordinates: the checks that need no database. */
export function checkAddressFields(input: AddressFields): CleanAddress {
  if (!input.area_id) throw invalidField('area_id', 'address.area_required');
  if (!input.building_id) throw invalidField('building_id', 'address.building_required');
  const buildingNo = input.building_no.trim();
  if ([...buildingNo].length > BUILDING_NO_MAX) {
    throw invalidField('building_no', 'address.building_no_too_long', { max: BUILDING_NO_MAX });
  }
  const room = input.room_no.trim();
  if (!room) throw invalidField('room_no', 'address.room_required');
  if ([...room].length > ROOM_NO_MAX) throw invalidField('room_no', 'address.room_too_long', { max: ROOM_NO_MAX });
  const lat = input.lat ?? null;
  const lng = input.lng ?? null;
  if ((lat === null) !== (lng === null)) throw invalidField(lat === null ? 'lat' : 'lng', 'address.location_invalid');
  if (lat !== null && (!Number.isFinite(lat) || Math.abs(lat) > 90))
    throw invalidField('lat', 'address.location_invalid');
  if (lng !== null && (!Number.isFinite(lng) || Math.abs(lng) > 180))
    throw invalidField('lng', 'address.location_invalid');
  return { area_id: input.area_id, building_id: input.building_id, building_no: buildingNo, room_no: room, lat, lng };
}
