import { ApiError } from '../../../src/services/http';
import { OrderActionsStore } from '../../../src/stores/order-actions-store';
import type { ReorderResult } from '../../../types/api/cart';
import type { Order } from '../../../types/api/orders';
import { fakeApi } from '../support/page';

function setup() {
  const api = fakeApi();
  const showError = jest.fn();
  const actions = new OrderActionsStore({ orders: () => api.orders, showError });
  return { api, actions, showError };
}

describe('OrderActionsStore: cancel and order again go through the store', () => {
  it('cancel answers the order as it is now, or null with the refusal shown', async () => {
    const { api, actions, showError } = setup();
    const cancelled = { id: 5, status: 4 } as Order;
    api.orders.cancel.mockResolvedValueOnce(cancelled);
    expect(await actions.cancel(5)).toBe(cancelled);
    expect(api.orders.cancel).toHaveBeenCalledWith(5);
    expect(showError).not.toHaveBeenCalled();
    const refused = new ApiError(1001, 'the restaurant has accepted the order');
    api.orders.cancel.mockRejectedValueOnce(refused);
    expect(await actions.cancel(5)).toBeNull();
    expect(showError).toHaveBeenCalledWith(refused);
  });

  it('reorder answers what went back into the cart, or null with the refusal shown', async () => {
    const { api, actions, showError } = setup();
    const result = { restaurant_id: 9, added: 2, lines: [] } as unknown as ReorderResult;
    api.orders.reorder.mockResolvedValueOnce(result);
    expect(await actions.reorder(7)).toBe(result);
    expect(api.orders.reorder).toHaveBeenCalledWith(7);
    const refused = new ApiError(1004, 'order not found');
    api.orders.reorder.mockRejectedValueOnce(refused);
    expect(await actions.reorder(7)).toBeNull();
    expect(showError).toHaveBeenCalledWith(refused);
  });
});
