import { ApiError } from '../../../src/services/http';
import { AddressBookStore } from '../../../src/stores/address-book-store';
import type { Address, SaveAddressBody } from '../../../types/api/addresses';
import { fakeApi } from '../support/page';

function setup() {
  const api = fakeApi();
  const showError = jest.fn();
  const book = new AddressBookStore({ addresses: () => api.addresses, showError });
  return { api, book, showError };
}

const body: SaveAddressBody = {
  name: 'Li Lei',
  phone: '13800138000',
  area_id: 2,
  building_id: 10,
  building_no: 'B',
  room_no: '1201',
};

describe('AddressBookStore: the address book changes through its actions', () => {
  it('save answers the saved address id, or 0 with the refusal shown', async () => {
    const { api, book, showError } = setup();
    api.addresses.save.mockResolvedValueOnce({ id: 7 } as Address);
    expect(await book.save(body)).toBe(7);
    expect(api.addresses.save).toHaveBeenCalledWith(body);
    const refused = new ApiError(1003, 'phone must be 11 digits');
    api.addresses.save.mockRejectedValueOnce(refused);
    expect(await book.save({ ...body, id: 7 })).toBe(0);
    expect(showError).toHaveBeenCalledWith(refused);
  });

  it('remove and setDefault answer whether the server took them', async () => {
    const { api, book, showError } = setup();
    api.addresses.remove.mockResolvedValueOnce(null);
    api.addresses.setDefault.mockResolvedValueOnce(null);
    expect(await book.remove(3)).toBe(true);
    expect(await book.setDefault(4)).toBe(true);
    expect(api.addresses.remove).toHaveBeenCalledWith(3);
    expect(api.addresses.setDefault).toHaveBeenCalledWith(4);
    expect(showError).not.toHaveBeenCalled();
    const gone = new ApiError(1004, 'not found');
    api.addresses.remove.mockRejectedValueOnce(gone);
    expect(await book.remove(3)).toBe(false);
    expect(showError).toHaveBeenCalledWith(gone);
  });
});
