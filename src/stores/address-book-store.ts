import { makeAutoObservable } from 'mobx';
import type { SaveAddressBody } from '../../types/api/addresses';
import type { AddressesApi } from '../services';

export interface AddressBookDeps {
  addresses: () => AddressesApi;
  /** The one way a failed call reaches the customer (UiStore.showError: `msg` as an error toast). */
  showError: (err: unknown) => void;
}

/**
 * Changes to the customer's address book (saveaddr, deladdr, setdefaultaddr). Screens read the book with useLoad
 * over the addresses API; they change it only here. Each action answers whether the server took it; a refusal is
 * shown as an error toast and changes nothing.
 */
export class AddressBookStore {
  constructor(private readonly deps: AddressBookDeps) {
    makeAutoObservable<AddressBookStore, 'deps'>(this, { deps: false });
  }

  /** Creates (no id) or updates an address; answers the saved address's id, or 0 when it was refused. */
  async save(body: SaveAddressBody): Promise<number> {
    let id = 0;
    await this.run(async () => {
      id = (await this.deps.addresses().save(body)).id;
    });
    return id;
  }

  async remove(id: number): Promise<boolean> {
    return this.run(() => this.deps.addresses().remove(id));
  }

  async setDefault(id: number): Promise<boolean> {
    return this.run(() => this.deps.addresses().setDefault(id));
  }

  private async run(call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (err) {
      this.deps.showError(err);
      return false;
    }
  }
}
