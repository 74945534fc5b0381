import type { VersionedCache } from '../../cache/versioned-cache';
import { cacheVersions } from '../../db/cache-versions';
import { failed, notFound } from '../../errors';
import type { AppUnitOfWork } from '../repositories';
import { openState } from './hours';
import { termsOf } from './terms';

/** Busy mode lengths a restaurant may choose (minutes), or until it next opens. */
export const BUSY_CHOICES = [15, 30, 60] as const;
export type BusyChoice = (typeof BUSY_CHOICES)[number] | 'next_opening' | 'off';

/**
 * What a restaurant changes about itself from the console: dishes and options sold out and back (the catalogue
 * version is bumped in the same transaction and this instance's read cache told at once, so menus, carts and the
 * checkout see it), busy mode (an until-time: it ends by itself, no job switches it off) and the manual closure.
 * Who may do it is checked by the caller (the merchants service).
 */
export function createStoreAdmin(uow: AppUnitOfWork, now: () => number, cache?: Pick<VersionedCache, 'invalidate'>) {
  const { repos } = uow;

  async function catalogueWrite(
    fn: (tx: Parameters<Parameters<AppUnitOfWork['transaction']>[0]>[0]) => Promise<boolean>,
  ) {
    const changed = await uow.transaction(async (tx) => {
      if (!(await fn(tx))) return false;
      await cacheVersions(tx.db).bump('catalogue');
      return true;
    });
    cache?.invalidate();
    return changed;
  }

  async function terms(restaurantId: number) {
    const found = await repos.stores.terms(restaurantId);
    if (!found) throw notFound('merchant.not_found');
    return termsOf(found.row, found.hours);
  }

  return {
    async setDishSoldOut(restaurantId: number, dishId: number, soldOut: boolean) {
      if (!(await catalogueWrite((tx) => tx.stores.setDishSoldOut(restaurantId, dishId, soldOut ? 1 : 0)))) {
        throw notFound('cart.dish_not_found', { id: dishId });
      }
    },

    async setOptionSoldOut(restaurantId: number, optionId: number, soldOut: boolean) {
      if (!(await catalogueWrite((tx) => tx.stores.setOptionSoldOut(restaurantId, optionId, soldOut ? 1 : 0)))) {
        throw notFound('merchant.option_not_found', { id: optionId });
      }
    },

    /** Busy for 15/30/60 minutes, until the next opening, or off; answers the until-time (null: off). */
    async setBusy(restaurantId: number, choice: BusyChoice): Promise<number | null> {
      const at = now();
      let until: number | null;
      if (choice === 'off') until = null;
      else if (choice === 'next_opening') {
        const t = await terms(restaurantId);
        const state = openState(at, t.hours, t.closure);
        // Open now: until it opens again after this window; closed: until it opens.
        const next = state.is_open && state.closes_at !== null ? openState(state.closes_at, t.hours, t.closure) : state;
        if (next.resumes_at === null) throw failed('merchant.no_next_opening');
        until = next.resumes_at;
      } else until = at + choice * 60_000;
      if (!(await repos.stores.setBusyUntil(restaurantId, until))) throw notFound('merchant.not_found');
      return until;
    },

    /** Closed today (until resumeAt, or until reopened by hand), or reopened. */
    async setClosed(restaurantId: number, closed: boolean, resumeAt: number | null) {
      if (!(await catalogueWrite((tx) => tx.stores.setClosure(restaurantId, closed ? 1 : 0, resumeAt)))) {
        throw notFound('merchant.not_found');
      }
    },

    terms,
    namesOf: (ids: number[]) => repos.stores.namesOf(ids),
  };
}

export type StoreAdmin = ReturnType<typeof createStoreAdmin>;
