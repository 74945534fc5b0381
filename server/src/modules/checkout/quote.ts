import type {
  ConfirmOrderBody,
  Estimate,
  PriceLine as QuotePriceLine,
  Problem,
  ProblemCode,
  Quote,
  QuoteAddress,
} from '../../../../types/api/checkout';
import type { Lang } from '../../../../types/lang';
import { insideWechat, methodWorksOn } from '../../integrations/payments/channel';
import type { PayChannel } from '../../integrations/payments/types';
import { translate, type MessageParams } from '../../i18n/messages';
import type { AddressSnapshot } from '../addresses/service';
import { goodsOf, type EvaluatedLine } from '../cart/lines';
import { distanceM } from '../places/distance';
import { collectionSlots, openState } from '../stores/hours';
import type { RestaurantTerms } from '../stores/terms';
import type { VoucherRow } from '../wallet/rows';
import { toVoucher, voucherUsable } from '../wallet/vouchers';
import { estimate } from './estimate';
import { priceLines, takesFirstOrder, totalsOf, yuan, type PriceLine, type PromotionRule } from './money';

/**
 * Everything a quote is computed from, loaded by the checkout service beforehand: the request, the clock, the
 * restaurant's terms, the cart lines priced against the menu now, the chosen address, the customer's vouchers and
 * wallet balance. No database, no clock of its own: the same input gives the same quote.
 */
export interface QuoteInput {
  request: ConfirmOrderBody;
  lang: Lang;
  /** The quote's time (epoch ms): opening hours, collection times, voucher validity. */
  at: number;
  restaurant: RestaurantTerms;
  /** The cart's lines at this restaurant, each priced and checked against the menu as it is now. */
  lines: EvaluatedLine[];
  /** The chosen delivery address (loaded when the request is for delivery and names one). */
  address: { id: number; snapshot: AddressSnapshot } | null;
  /** The customer's unused vouchers valid now for any restaurant or this one. */
  vouchers: VoucherRow[];
  /** The voucher the request names (loaded when it names one). */
  voucher: VoucherRow | null;
  walletBalanceFen: number;
  /** The promotions running now for this restaurant that change prices (banners never come here). */
  promotions: PromotionRule[];
  /** The customer's address book (where each address is), for delivery: which are within the radius. */
  book: Array<{ id: number; lat: number; lng: number }>;
  /** The customer has no earlier order that stands (not cancelled or refunded): a first-order promotion applies. */
  firstOrder: boolean;
  /**
   * Where the customer would pay (the session's platform and the request's User-Agent, channelOf): inside WeChat
   * (mini program or WeChat's browser) Alipay's pages do not open, so it is not offered there.
   */
  channel: PayChannel;
}

export interface QuoteResult {
  quote: Quote;
  /** The money after the goods, line by line (what the totals add up). */
  priceLines: PriceLine[];
  /** The lines an order would take (priced and orderable). */
  orderable: EvaluatedLine[];
  /** The order takes the first-order promotion (submit records it: one standing order per customer). */
  firstOrder: boolean;
}

/** A price line as the customer reads it, in the request's language. */
export function shownLine(line: PriceLine, lang: Lang, voucher: VoucherRow | null): QuotePriceLine {
  const name =
    line.kind === 'delivery_fee'
      ? translate(lang, 'checkout.delivery_fee')
      : line.kind === 'promotion'
        ? lang === 'en'
          ? line.promotion.title_en
          : line.promotion.title_cn
        : voucher
          ? toVoucher(voucher, lang, 0).name
          : translate(lang, 'checkout.voucher');
  return {
    kind: line.kind,
    name,
    amount_fen: line.amount_fen,
    promotion_id: line.kind === 'promotion' ? line.promotion.id : null,
    voucher_id: line.kind === 'voucher' ? line.voucher_id : null,
  };
}

/** Collects problems in order, each with its message in the request's language. */
function problemList(lang: Lang) {
  const problems: Problem[] = [];
  const add = (code: ProblemCode, params: MessageParams = {}, blocking = true, cartId?: number) =>
    problems.push({
      code,
      message: translate(lang, `problem.${code}`, params),
      blocking,
      ...(cartId === undefined ? {} : { cart_id: cartId }),
    });
  return { problems, add };
}

/**
 * The checkout quote (pricing rules, DESIGN §5): goods are the orderable lines at today's prices; delivery adds the
 * restaurant's fee and must reach its minimum, be open now and within its radius; collection needs a time the
 * restaurant is open for; a voucher applies when valid, unused, for this restaurant (or all) and the goods reach its
 * minimum; the method must be one the restaurant accepts and that works where the customer is (no Alipay inside
 * WeChat), and the balance must cover the total. Every problem is
 * listed (line problems first); `can_submit` says whether an order may be placed as asked.
 */
export function quote(input: QuoteInput): QuoteResult {
  const { request: body, lang, at, restaurant: terms, lines, walletBalanceFen: wallet } = input;
  const { problems, add } = problemList(lang);

  if (lines.length === 0) add('empty_cart');
  for (const e of lines) {
    if (!e.problem) continue;
    const name = e.out.name || `#${e.out.dish_id}`;
    add(
      e.problem,
      { name, old: yuan(e.seenUnitPriceFen), new: yuan(e.out.unit_price_fen) },
      e.problem !== 'price_changed',
      e.out.cart_id,
    );
  }
  const goods = goodsOf(lines);
  if (!terms.modes.includes(body.mode)) add('mode_unavailable');
  // Busy mode: no new orders until its time, which ends it by itself.
  if (terms.busy_until !== null && terms.busy_until > at) {
    add('busy', { until: new Date(terms.busy_until + 8 * 3600_000).toISOString().slice(11, 16) });
  }

  const delivery = body.mode === 'delivery';
  const collectionTimes = delivery ? [] : collectionSlots(at, terms.hours, terms.closure, terms.prep_minutes);
  let addressReady = false;
  if (delivery) {
    if (!openState(at, terms.hours, terms.closure).is_open) add('closed');
    if (input.address) {
      const { lat, lng } = input.address.snapshot;
      if (distanceM(lat, lng, terms.lat, terms.lng) > terms.delivery_radius_m) add('out_of_range');
      else addressReady = true;
    }
    const min = terms.min_order_fen;
    if (lines.length > 0 && goods < min) add('below_minimum', { min: yuan(min), missing: yuan(min - goods) });
  } else {
    if (collectionTimes.length === 0) add('closed');
    if (body.collection_time !== undefined && !collectionTimes.includes(body.collection_time)) {
      add('collection_time_unavailable');
    }
  }

  const usable = input.vouchers.filter((v) => voucherUsable(v, terms.id, goods, at));
  let voucher: VoucherRow | null = null;
  if (input.voucher) {
    if (voucherUsable(input.voucher, terms.id, goods, at)) voucher = input.voucher;
    else add('voucher_not_applicable');
  }
  const rules = {
    feeFen: delivery ? terms.delivery_fee_fen : 0,
    firstOrder: input.firstOrder,
    promotions: input.promotions,
  };
  const lineItems = priceLines(goods, {
    ...rules,
    voucherFen: voucher ? Number(voucher.discount_fen) : null,
    voucherId: voucher?.id ?? null,
  });
  const totals = totalsOf(goods, lineItems);
  // The usable voucher taking most off this order (then the one ending first, then the lowest id).
  let best: { id: number; off: number; until: number } | null = null;
  for (const v of usable) {
    const off = totalsOf(goods, priceLines(goods, { ...rules, voucherFen: Number(v.discount_fen) })).discount_fen;
    const until = Number(v.valid_until);
    if (
      !best ||
      off > best.off ||
      (off === best.off && (until < best.until || (until === best.until && v.id < best.id)))
    ) {
      best = { id: v.id, off, until };
    }
  }

  // The ways to pay: the restaurant's, less those that cannot work where the customer is (Alipay inside WeChat,
  // said beside the methods; refused when chosen).
  const methods = terms.payment_methods.filter((m) => methodWorksOn(m, input.channel));
  const alipayHere = terms.payment_methods.includes('alipay') && insideWechat(input.channel);
  if (alipayHere) add('alipay_in_wechat', {}, body.payment_method === 'alipay');
  if (body.payment_method !== undefined && !(alipayHere && body.payment_method === 'alipay')) {
    if (!methods.includes(body.payment_method)) add('payment_method_unavailable');
    else if (body.payment_method === 'balance' && wallet < totals.total_fen) {
      add('insufficient_balance', { balance: yuan(wallet) });
    }
  }
  const chosen = delivery
    ? addressReady
    : body.collection_time !== undefined && collectionTimes.includes(body.collection_time);
  let when: Estimate | null = null;
  if (delivery && addressReady && !problems.some((p) => p.code === 'closed')) {
    const { lat, lng } = input.address!.snapshot;
    when = estimate(at, {
      mode: 'delivery',
      prepMinutes: terms.prep_minutes,
      distanceM: distanceM(lat, lng, terms.lat, terms.lng),
    });
  } else if (!delivery && chosen) {
    when = estimate(at, { mode: 'collection', time: body.collection_time! });
  }
  const address: QuoteAddress | null = input.address
    ? {
        id: input.address.id,
        name: input.address.snapshot.name,
        phone: input.address.snapshot.phone,
        address: lang === 'en' ? input.address.snapshot.en : input.address.snapshot.cn,
      }
    : null;
  return {
    priceLines: lineItems,
    orderable: lines.filter((e) => e.orderable),
    firstOrder: takesFirstOrder(lineItems),
    quote: {
      restaurant_id: body.restaurant_id,
      mode: body.mode,
      ...totals,
      min_order_fen: terms.min_order_fen,
      wallet_balance_fen: wallet,
      payment_methods: methods,
      modes: [...terms.modes],
      collection_times: collectionTimes,
      // Usable here means good anywhere or limited to this restaurant, whose name the voucher then shows.
      vouchers: usable.map((v) => toVoucher(v, lang, at, terms)),
      voucher_id: voucher?.id ?? null,
      best_voucher_id: best?.id ?? null,
      price_lines: lineItems.map((l) => shownLine(l, lang, voucher)),
      estimate: when,
      address,
      address_reach: delivery
        ? input.book.map((a) => {
            const d = distanceM(a.lat, a.lng, terms.lat, terms.lng);
            return { id: a.id, distance_m: Math.round(d), in_range: d <= terms.delivery_radius_m };
          })
        : [],
      delivery_radius_m: terms.delivery_radius_m,
      lines: lines.map((e) => e.out),
      problems,
      can_submit: lines.length > 0 && !problems.some((p) => p.blocking) && chosen && body.payment_method !== undefined,
    },
  };
}
