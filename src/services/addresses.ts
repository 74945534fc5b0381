import type { Address, AddressList, SaveAddressBody } from '../../types/api/addresses';
import type { Http } from './http';

/** The customer's address book; every call needs a session. */
export function addressesApi(http: Http) {
  return {
    list: () => http.get<AddressList>('addrlist'),
    get: (id: number) => http.get<Address>('addrinfo', { id }),
    /** Creates (no id) or updates; answers the saved address. */
    save: (body: SaveAddressBody) => http.post<Address>('saveaddr', body, { busy: true }),
    remove: (id: number) => http.post<unknown>('deladdr', { id }, { busy: true }),
    setDefault: (id: number) => http.post<unknown>('setdefaultaddr', { id }, { busy: true }),
  };
}

export type AddressesApi = ReturnType<typeof addressesApi>;
