import type { ConfirmOrderBody, Quote, SubmitOrderBody, SubmitOrderResult } from '../../../../types/api/checkout';
import type { Lang } from '../../../../types/lang';
import { ErrorCode } from '../../../../types/errors';
import { isUniqueViolation } from '../../db/constraints';
import { AppError, conflict, failed, invalidField, notFound } from '../../errors';
import type { AddressesService } from '../addresses/service';
import type { CartService } from '../cart/service';
import type { AppUnitOfWork } from '../repositories';
import type { StoresService } from '../stores/service';
import type { WalletService } from '../wallet/service';
import { yuan } from './money';
import { collectionCode, orderLinesOf, orderRowOf, requestHash, startOf } from './order-rows';
import { quote, type QuoteInput, type QuoteResult } from './quote';

export interface CheckoutDeps {
  uow: AppUnitOfWork;
  now: () => number;
  cart: Pick<CartService, 'priced' | 'removeOrdered'>;
  stores: Pick<StoresService, 'terms'>;
  addresses: Pick<AddressesService, 'forOrder'>;
  wallet: Pick<WalletService, 'balanceOf' | 'vouchersFor' | 'voucherOf' | 'useVoucher' | 'debit'>;
}

/**
 * The checkout: a quote computed from the cart as it is now (checkout/quote.ts over what this service loads), and the
 * order placed from it in one transaction (order, line and address snapshots, voucher use, wallet debit, cart lines
 * removed, the idempotency key's answer) or not at all.
 */
export function createCheckoutService({ uow, now, cart, stores, addresses, wallet }: CheckoutDeps) {
  const { repos } = uow;

  /** What the quote is computed from, read now (unknown restaurant, address or voucher: 1004). */
  async function load(userId: number, body: ConfirmOrderBody, lang: Lang, at: number): Promise<QuoteInput> {
    const restaurant = await stores.terms(body.restaurant_id);
    const [{ lines }, walletBalanceFen] = await Promise.all([
      cart.priced(userId, restaurant.id, lang),
      wallet.balanceOf(userId),
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
    return { request: body, lang, at, restaurant, lines, address, vouchers, voucher, walletBalanceFen };
  }

  async function price(
    userId: number,
    body: ConfirmOrderBody,
    lang: Lang,
    at: number,
  ): Promise<QuoteResult & { input: QuoteInput }> {
    const input = await load(userId, body, lang, at);
    return { ...quote(input), input };
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
    async confirm(userId: number, body: ConfirmOrderBody, lang: Lang): Promise<Quote> {
      return (await price(userId, body, lang, now())).quote;
    },

    async submit(userId: number, body: SubmitOrderBody, lang: Lang): Promise<SubmitOrderResult> {
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
      const { quote, orderable, input } = await price(userId, body, lang, at);
      // A twin request with this key may have placed the order meanwhile (and emptied the cart): answer it.
      if (!quote.can_submit || quote.total_fen !== body.expected_total_fen) {
        const twin = await replay(userId, body.idempotency_key, hash);
        if (twin) return twin;
        throw refused(quote.can_submit ? 'checkout.total_changed' : 'checkout.refused', quote);
      }
      const { needsPayment, status } = startOf(body.payment_method, quote.total_fen);
      const code = body.mode === 'collection' ? collectionCode() : null;
      const address = input.address?.snapshot ?? null;
      const placed = { userId, body, quote, restaurant: input.restaurant, address, status, needsPayment, code, at };
      try {
        return await uow.transaction(async (tx) => {
          await tx.checkout.claimKey(userId, body.idempotency_key, hash, at);
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
