import { createOrderServices } from '../../../server/src/modules/order-services';
import { createAppUnitOfWork } from '../../../server/src/modules/repositories';
import type { Api } from './api';
import type { TestApp } from './app';
import { attemptKey, defaultAddressOf, dishOf } from './cart';

/** Restaurant 2 of the seed: every payment method, delivery and collection, open at the test clock. */
export const ORDER_RID = 2;

export interface PlaceOptions {
  method: 'wechat' | 'alipay' | 'cod' | 'balance';
  mode?: 'delivery' | 'collection';
  /** Use the customer's first usable voucher. */
  voucher?: boolean;
  quantity?: number;
  lang?: string;
}

/** Places an order through the real calls (cart, confirmorder, submitorder); fails the test if it cannot. */
export async function placeOrder(t: TestApp, api: Api, token: string, o: PlaceOptions) {
  const mode = o.mode ?? 'delivery';
  await api.post('delcart', { restaurant_id: ORDER_RID, all: true }, { token });
  const dish = await dishOf(t.db, ORDER_RID);
  await api.post('addcart', { restaurant_id: ORDER_RID, dish_id: dish.id, quantity: o.quantity ?? 4 }, { token });
  const where =
    mode === 'delivery' ? { address_id: await defaultAddressOf(api, token) } : ({} as Record<string, number>);
  let q = (
    await api.post('confirmorder', { restaurant_id: ORDER_RID, mode, ...where, payment_method: o.method }, { token })
  ).body.data;
  if (mode === 'collection') where.collection_time = q.collection_times[0]!;
  let voucherId: number | undefined;
  if (o.voucher) {
    voucherId = q.vouchers[0]?.id;
    if (!voucherId) throw new Error('no usable voucher');
    q = (
      await api.post(
        'confirmorder',
        { restaurant_id: ORDER_RID, mode, ...where, payment_method: o.method, voucher_id: voucherId },
        { token },
      )
    ).body.data;
  }
  const res = await api.post(
    'submitorder',
    {
      idempotency_key: attemptKey(),
      restaurant_id: ORDER_RID,
      mode,
      ...where,
      payment_method: o.method,
      ...(voucherId ? { voucher_id: voucherId } : {}),
      cutlery: true,
      comment: 'test',
      expected_total_fen: q.total_fen,
    },
    { token, lang: o.lang ?? 'en' },
  );
  if (res.body.code !== 1000) throw new Error(`submit failed: ${JSON.stringify(res.body).slice(0, 600)}`);
  return {
    id: res.body.data.order_id as number,
    total: res.body.data.total_fen as number,
    status: res.body.data.status as number,
    voucherId,
  };
}

/** Credits a customer's wallet through the ledger (as an adjustment). */
export async function creditWallet(t: TestApp, userId: number, amountFen: number, ref: string) {
  const uow = createAppUnitOfWork(t.db.kysely);
  await uow.transaction((tx) =>
    tx.wallet.credit(userId, amountFen, { reason: 'adjustment', refType: 'test', refId: ref }, Date.now()),
  );
}

/** The orders service on the test app's database and payment provider (what the operator tool and jobs call). */
export function ordersServiceOf(t: TestApp, now: () => number = Date.now) {
  return servicesOf(t, now).orders;
}

/** The payments service on the test app's database and provider (reconcile is what the job runner calls). */
export function paymentsServiceOf(t: TestApp, now: () => number = Date.now) {
  return servicesOf(t, now).payments;
}

/** The orders and payments services as the app and the jobs build them (modules/order-services.ts). */
function servicesOf(t: TestApp, now: () => number) {
  return createOrderServices({
    uow: createAppUnitOfWork(t.db.kysely),
    now,
    integrations: t.integrations,
    config: t.config,
  });
}

export async function statusOf(t: TestApp, orderId: number) {
  const row = await t.db.kysely
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

export async function historyOf(t: TestApp, orderId: number) {
  return t.db.kysely
    .selectFrom('order_status_history')
    .select(['from_status', 'status', 'actor'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}
