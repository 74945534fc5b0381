/** What the rating journeys share: a delivered order of the customer's, and a real photo file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Order } from '../../../types/api/orders';
import { OrderStatus } from '../../../types/order-status';
import { okApi, operatorAdvance, placeOrder, type Customer, type Lang } from './orders';
import type { Site } from './site';

/** A pay-on-delivery order of noodles placed through the API, then moved by the operator tool until delivered. */
export async function deliveredOrder(site: Site, customer: Customer, lang: Lang): Promise<Order> {
  const orderId = await placeOrder(site, customer, lang, { tag: 'rating' });
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
