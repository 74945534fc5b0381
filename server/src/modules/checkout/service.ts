import type { ConfirmOrderBody, Quote, SubmitOrderBody, SubmitOrderResult } from '../../../../types/api/checkout';
import type { Lang } from '../../../../types/lang';
import { ErrorCode } from '../../../../types/errors';
import { isUniqueViolation } from '../../db/constraints';
import { AppError, conflict, failed, invalidField, notFound } from '../../errors';
import { channelOfClient, type PayClient } from '../../integrations/payments/channel';

export type { PayClient };
import type { AddressesService } from '../addresses/service';
import type { CartService } from '../cart/service';
import type { CatalogueService } from '../catalogue/service';
import type { AppUnitOfWork } from '../repositories';
import type { StoresService } from '../stores/service';
import type { WalletService } from '../wallet/service';
import { yuan } from './money';
import { collectionCode, orderLinesOf, orderRowOf, requestHash, startOf } from './order-rows';
import type { PriceLine } from './money';
import { quote as quoteOf, shownLine, type QuoteInput, type QuoteResult } from './quote';
import type { VoucherRow } from '../wallet/rows';

/** The price lines an order keeps, named in both languages. */
function orderPriceLines(lines: PriceLine[], voucher: VoucherRow | null) {
  return lines.map((l) => {
    const cn = shownLine(l, 'cn', voucher);
    return { ...cn, name_cn: cn.name, name_en: shownLine(l, 'en', voucher).name };
  });
}
import { addOrderEvent } from '../orders/service';

export interface CheckoutDeps {
  uow: AppUnitOfWork;
  now: () => number;
  cart: Pick<CartService, 'priced' | 'removeOrdered'>;
  stores: Pick<StoresService, 'terms'>;
  addresses: Pick<AddressesService, 'forOrder' | 'list'>;
  wallet: Pick<WalletService, 'balanceOf' | 'vouchersFor' | 'voucherOf' | 'useVoucher' | 'debit'>;
  catalogue: Pick<CatalogueService, 'priceRules'>;
}

/**
 * The checkout: a quote computed from the cart as it is now (checkout/quote.ts over what this service loads), and the
 * order placed from it in one transaction (order, line and address snapshots, voucher use, wallet debit, cart lines
 * removed, the idempotency key's answer) or not at all.
 */
export function createCheckoutService({ uow, now, cart, stores, addresses, wallet, catalogue }: CheckoutDeps) {
  const { repos } = uow;

  /**
   * What the quote is computed from, read now (unknown restaurant, address or voucher: 1004); `client` (the session's
   * platform, the request's User-Agent) says where the customer would pay.
   */
  async function load(
    userId: number,
    body: ConfirmOrderBody,
    lang: Lang,
    at: number,
    client: PayClient,
  ): Promise<QuoteInput> {
    const restaurant = await stores.terms(body.restaurant_id);
    const where = { restaurantId: restaurant.id, areaId: restaurant.area_id, cityId: restaurant.city_id };
    const [{ lines }, walletBalanceFen, promotions, standing, book] = await Promise.all([
      cart.priced(userId, restaurant.id, lang),
      wallet.balanceOf(userId),
      catalogue.priceRules(where, at),
      repos.checkout.hasStandingOrder(userId),
      body.mode === 'delivery' ? addresses.list(userId, lang).then((r) => r.list) : Promise.resolve([]),
    ]);
    const address =
      body.mode === 'delivery' && body.address_id !== undefined
        ? { id: body.address_id, snapshot: await addresses.forOrder(userId, body.address_id) }
        : null;
    const vouchers = await wallet.vouchersFor(userId, restaurant.id, at);
    let voucher = null;
    if (body.voucher_id !== undefined) {
      voucher = (await wallet.voucherOf(userId, body.voucher_id)) ?? null;
      if (!voucher) throw notFound('voucher.not_found');
    }
    return {
      request: body,
      lang,
      at,
      restaurant,
      lines,
      address,
      vouchers,
      voucher,
      walletBalanceFen,
      promotions,
      firstOrder: !standing,
      book: book.map((a) => ({ id: a.id, lat: a.lat, lng: a.lng })),
      channel: channelOfClient(client),
    };
  }

  async function price(
    userId: number,
    body: ConfirmOrderBody,
    lang: Lang,
    at: number,
    client: PayClient,
  ): Promise<QuoteResult & { input: QuoteInput }> {
    const input = await load(userId, body, lang, at, client);
    return { ...quoteOf(input), input };
  }

  /** The answer stored for this key, if its order was placed; a different request under the key is refused. */
  async function replay(userId: number, key: string, hash: string): Promise<SubmitOrderResult | undefined> {
    const row = await repos.checkout.idempotency(userId, key);
    if (!row) return undefined;
    if (row.request_hash !== hash) throw conflict('checkout.key_reused');
    return row.response ? (JSON.parse(row.response) as SubmitOrderResult) : undefined;
  }

  function refused(key: 'checkout.refused' | 'checkout.total_changed', quote: Quote): AppError {
    const first = quote.problems.find((p) => p.blocking) ?? quote.problems[0];
    return new AppError(
      ErrorCode.Failed,
      key,
      { first: first?.message ?? '', total: yuan(quote.total_fen) },
      { problems: quote.problems, total_fen: quote.total_fen },
    );
  }

  return {
    /** The quote for the cart as it is now; `client` (session platform, User-Agent) decides the ways to pay offered. */
    async confirm(userId: number, body: ConfirmOrderBody, lang: Lang, client: PayClient = {}): Promise<Quote> {
      return (await price(userId, body, lang, now(), client)).quote;
    },

    /** Places the order; a way to pay that cannot work for `client` (Alipay inside WeChat) is refused (1001). */
    async submit(
      userId: number,
      body: SubmitOrderBody,
      lang: Lang,
      client: PayClient = {},
    ): Promise<SubmitOrderResult> {
      const hash = requestHash(body);
      const earlier = await replay(userId, body.idempotency_key, hash);
      if (earlier) return earlier;
      if (body.mode === 'delivery' && body.address_id === undefined) {
        throw invalidField('address_id', 'checkout.address_required');
      }
      if (body.mode === 'collection' && body.collection_time === undefined) {
        throw invalidField('collection_time', 'checkout.collection_time_required');
      }
      const at = now();
      const priced = await price(userId, body, lang, at, client);
      const { quote, orderable, input } = priced;
      // A twin request with this key may have placed the order meanwhile (and emptied the cart): answer it.
      if (!quote.can_submit || quote.total_fen !== body.expected_total_fen) {
        const twin = await replay(userId, body.idempotency_key, hash);
        if (twin) return twin;
        throw refused(quote.can_submit ? 'checkout.total_changed' : 'checkout.refused', quote);
      }
      const { needsPayment, status } = startOf(body.payment_method, quote.total_fen);
      const code = body.mode === 'collection' ? collectionCode() : null;
      const address = input.address?.snapshot ?? null;
      try {
        return await uow.transaction(async (tx) => {
          await tx.checkout.claimKey(userId, body.idempotency_key, hash, at);
          // "First order" is decided again here, after the customer's other orders (one at a time, the lock): an
          // order placed meanwhile takes the promotion away (or a cancelled one gives it back), and then the total
          // the customer saw is not the total any more.
          await tx.checkout.lockCustomer(userId);
          const firstOrder = !(await tx.checkout.hasStandingOrder(userId));
          const final = firstOrder === input.firstOrder ? priced : quoteOf({ ...input, firstOrder });
          if (!final.quote.can_submit || final.quote.total_fen !== body.expected_total_fen) {
            throw refused('checkout.total_changed', final.quote);
          }
          const placed = {
            userId,
            body,
            quote: final.quote,
            restaurant: input.restaurant,
            address,
            status,
            needsPayment,
            code,
            at,
            firstOrder: final.firstOrder,
            priceLines: orderPriceLines(final.priceLines, input.voucher),
          };
          const orderId = await tx.checkout.insertOrder(orderRowOf(placed));
          await tx.checkout.insertLines(orderLinesOf(orderId, orderable));
          if (quote.voucher_id !== null && !(await wallet.useVoucher(tx, userId, quote.voucher_id, orderId, at))) {
            throw failed('voucher.used');
          }
          if (body.payment_method === 'balance' && quote.total_fen > 0) {
            const ref = { reason: 'order_payment', refType: 'order', refId: orderId } as const;
            const moved = await wallet.debit(tx, userId, quote.total_fen, ref, at);
            if (moved.status !== 'applied') throw failed('wallet.insufficient');
          }
          await tx.checkout.addHistory({ order_id: orderId, from_status: null, status, actor: 'customer', at });
          const event = { id: orderId, restaurant_id: body.restaurant_id, user_id: userId };
          await addOrderEvent(tx, event, 'order.placed', at, { from: null, status, actor: 'customer' });
          const ids = input.lines.map((e) => e.out.cart_id);
          if ((await cart.removeOrdered(tx, userId, ids)) !== ids.length) throw conflict('checkout.cart_changed');
          const result: SubmitOrderResult = {
            order_id: orderId,
            status,
            total_fen: quote.total_fen,
            needs_payment: needsPayment,
            collection_code: code,
          };
          await tx.checkout.saveAnswer(userId, body.idempotency_key, orderId, JSON.stringify(result));
          return result;
        });
      } catch (e) {
        if (!isUniqueViolation(e)) throw e;
        // The key was claimed by a twin request that committed first: answer its order.
        const twin = await replay(userId, body.idempotency_key, hash);
        if (twin) return twin;
        throw conflict('checkout.cart_changed');
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
