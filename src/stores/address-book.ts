import { AddressBookStore } from './address-book-store';
import { useStores } from './context';
import type { RootStore } from './root-store';

/**
 * The address book's changes: one per app, made on first use. Not a field of RootStore, so that its code is in the
 * mini program's account sub-package and not in the main package (as cart.ts).
 */
export function addressBookOf(root: RootStore): AddressBookStore {
  return root.attach(
    'addressBook',
    (r) => new AddressBookStore({ addresses: () => r.api.addresses, showError: (err) => r.ui.showError(err) }),
  );
}

/** The app's address book (addressBookOf) for a screen. */
export function useAddressBook(): AddressBookStore {
  return addressBookOf(useStores());
}
