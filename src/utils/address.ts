import type { Address } from '../../types/api/addresses';

/** One line of an address as the customer reads it: area, building, building number, room. */
export function addressLine(a: Pick<Address, 'area_name' | 'building_name' | 'building_no' | 'room_no'>): string {
  return [a.area_name, a.building_name, a.building_no, a.room_no].filter((s) => s && s.trim()).join(' · ');
}
