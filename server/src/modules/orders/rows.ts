import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/schema';

/** An order as stored: what other modules may know of an order's row (through the orders service). */
export type OrderRow = Selectable<OrdersTable>;
