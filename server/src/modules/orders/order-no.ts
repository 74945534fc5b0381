/** The number the customer sees: SZ, the order day (China time) and the id. */
export function orderNo(order: { id: number; created_at: number | string | bigint }): string {
  const day = new Date(Number(order.created_at) + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `SZ${day}${String(order.id).padStart(6, '0')}`;
}
