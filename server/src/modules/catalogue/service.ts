import type { Ad, Cuisine, Link, Popup, Promotion, UpdatePopupResult } from '../../../../types/api/catalogue';
import type { AdSlot } from '../../../../types/catalogue';
import type { Lang } from '../../../../types/lang';
import type { LinkColumns } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { localized } from '../../i18n/localized';
import type { PromotionRule } from '../checkout/money';
import type { CatalogueRepository } from './repository';
import { pictureUrl } from '../../cache/picture-urls';

/** Who has seen a pop-up: the signed-in customer, or else the device. */
export interface Viewer {
  userId?: number;
  deviceId?: string;
}

const linkOf = (r: LinkColumns): Link => ({ type: r.link_type, id: r.link_id, url: r.link_url });

/**
 * Who is looking, as popup_views names them: the signed-in customer and the device they are on (either may be
 * missing, not both). A pop-up seen by either counts as seen, and a view is recorded for both.
 */
function viewerKeys({ userId, deviceId }: Viewer): { user?: string; device?: string; all: string[] } {
  const user = userId !== undefined ? `u:${userId}` : undefined;
  const device = deviceId ? `d:${deviceId}` : undefined;
  const all = [user, device].filter((k): k is string => k !== undefined);
  if (all.length === 0) throw invalid('popup.device_required');
  return { user, device, all };
}

/** A promotions row that changes prices (catalogue repository's priceRules) as the pricing rules apply it. */
export function promotionRuleOf(r: Awaited<ReturnType<CatalogueRepository['priceRules']>>[number]): PromotionRule {
  return {
    id: r.id,
    kind: r.kind as PromotionRule['kind'],
    title_cn: r.title_cn,
    title_en: r.title_en,
    min_goods_fen: Number(r.min_goods_fen),
    save_fen: Number(r.save_fen),
    sort: r.sort,
  };
}

export function createCatalogueService(repo: CatalogueRepository, now: () => number) {
  async function requireCity(id: number | undefined) {
    if (id !== undefined && !(await repo.cityExists(id))) throw notFound('place.city_not_found', { id });
  }

  return {
    async cuisines(lang: Lang): Promise<Cuisine[]> {
      const rows = await repo.cuisines();
      return rows.map((r) => ({
        id: r.id,
        name: localized(r, 'name', lang),
        icon: pictureUrl(r.icon),
        store_count: r.store_count,
      }));
    },

    async promotions(cityId: number | undefined, restaurantId: number | undefined, lang: Lang): Promise<Promotion[]> {
      await requireCity(cityId);
      if (restaurantId !== undefined && !(await repo.restaurantExists(restaurantId))) {
        throw notFound('store.not_found', { id: restaurantId });
      }
      const rows = await repo.promotions(now(), cityId, restaurantId);
      return rows.map((r) => ({
        id: r.id,
        title: localized(r, 'title', lang),
        description: localized(r, 'description', lang),
        badge: localized(r, 'badge', lang),
        kind: r.kind,
        picture: pictureUrl(r.picture),
        restaurant_id: r.restaurant_id,
        city_id: r.city_id,
        link: linkOf(r),
        starts_at: Number(r.starts_at),
        ends_at: Number(r.ends_at),
      }));
    },

    /** The running promotions that change the price of an order at this restaurant, as the quote applies them. */
    async priceRules(
      where: { restaurantId: number; areaId: number; cityId: number },
      at: number,
    ): Promise<PromotionRule[]> {
      return (await repo.priceRules(at, where)).map(promotionRuleOf);
    },

    async ads(slot: AdSlot | undefined, cityId: number | undefined, lang: Lang): Promise<Ad[]> {
      await requireCity(cityId);
      const rows = await repo.ads(now(), slot, cityId);
      return rows.map((r) => ({
        id: r.id,
        title: localized(r, 'title', lang),
        picture: pictureUrl(r.picture),
        slot: r.slot,
        city_id: r.city_id,
        link: linkOf(r),
      }));
    },

    /**
     * The running pop-ups this person has not seen: a signed-in customer on a device first takes over what the device
     * saw before they logged in or registered (once per person, not once per device and once more per account).
     */
    async popups(viewer: Viewer, lang: Lang): Promise<Popup[]> {
      const keys = viewerKeys(viewer);
      if (keys.user && keys.device) await repo.carryPopupViews(keys.device, keys.user, now());
      const rows = await repo.unseenPopups(now(), keys.all);
      return rows.map((r) => ({
        id: r.id,
        title: localized(r, 'title', lang),
        content: localized(r, 'content', lang),
        picture: pictureUrl(r.picture),
        link: linkOf(r),
        version: r.version,
        starts_at: Number(r.starts_at),
        ends_at: Number(r.ends_at),
      }));
    },

    /** Idempotent: seeing the same version twice changes nothing the customer can notice. */
    async seePopup(popupId: number, viewer: Viewer): Promise<UpdatePopupResult> {
      const keys = viewerKeys(viewer);
      const popup = await repo.popupById(popupId);
      if (!popup) throw notFound('popup.not_found', { id: popupId });
      for (const key of keys.all) await repo.recordPopupView(popup.id, key, popup.version, now());
      return { popup_id: popup.id, version: popup.version };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
