/** What the rating journeys share: a delivered order of the customer's, and a real photo file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { CartIdResult } from '../../../types/api/cart';
import type { Quote, SubmitOrderResult } from '../../../types/api/checkout';
import type { Order } from '../../../types/api/orders';
import { OrderStatus } from '../../../types/order-status';
import { menuItem, NOODLES, NOODLES_SHOP, okApi, operatorAdvance, type Customer, type Lang } from './orders';
import type { Site } from './site';

/** A pay-on-delivery order of noodles placed through the API, then moved by the operator tool until delivered. */
export async function deliveredOrder(site: Site, customer: Customer, lang: Lang): Promise<Order> {
  const noodles = await menuItem(site, lang, NOODLES_SHOP, NOODLES);
  const optionIds = noodles.option_groups
    .filter((g) => g.compulsory)
    .map((g) => g.options.find((o) => !o.sold_out)!.id);
  await okApi<CartIdResult>(site, 'addcart', customer.token, {
    restaurant_id: NOODLES_SHOP,
    dish_id: NOODLES,
    quantity: 1,
    option_ids: optionIds,
  });
  const choice = {
    restaurant_id: NOODLES_SHOP,
    mode: 'delivery' as const,
    address_id: customer.user.default_address!.id,
    payment_method: 'cod' as const,
  };
  const quote = await okApi<Quote>(site, 'confirmorder', customer.token, choice, lang);
  const placed = await okApi<SubmitOrderResult>(site, 'submitorder', customer.token, {
    ...choice,
    idempotency_key: `e2e-rating-${lang}-${Date.now()}`,
    expected_total_fen: quote.total_fen,
  });
  const orderId = placed.order_id;
  for (let step = 0; step < 10; step += 1) {
    const order = await okApi<Order>(site, `orderinfo?id=${orderId}`, customer.token, undefined, lang);
    if (order.status === OrderStatus.Delivered) return order;
    await operatorAdvance(site, orderId);
  }
  throw new Error(`order ${orderId} was not delivered after 10 steps of the operator tool`);
}

/** A real photo on disk (orange, so the sandbox content check passes it), as a phone would have it. */
export async function photoFile(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'szeat-photo-')), 'noodles.jpg');
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 235, g: 140, b: 40 } } })
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}
