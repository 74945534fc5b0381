import type {
  AcceptBody,
  BoardState,
  Board,
  MerchantOrder,
  MerchantRestaurants,
  MoveResult,
  RejectBody,
} from '../../types/api/merchant';
import type { Http } from './http';

/** The restaurant console (issue 18): the staff member's restaurants, the order board and moving orders along. */
export function merchantApi(http: Http) {
  return {
    /** The restaurants the signed-in account is a member of, with its role in each. */
    restaurants: () => http.get<MerchantRestaurants>('merchant/restaurants'),
    /** Today's orders of one restaurant (plus those still open), newest first; optionally one board state only. */
    orders: (restaurantId: number, state?: BoardState) =>
      http.get<Board>('merchant/orders', { restaurant_id: restaurantId, state }),
    order: (orderId: number) => http.get<MerchantOrder>('merchant/order', { order_id: orderId }),
    accept: (body: AcceptBody) => http.post<MoveResult>('merchant/accept', { ...body }, { busy: true }),
    reject: (body: RejectBody) => http.post<MoveResult>('merchant/reject', { ...body }, { busy: true }),
    /** The next step along the transition table; `from` is the status the card showed. */
    advance: (orderId: number, from?: number) =>
      http.post<MoveResult>('merchant/advance', { order_id: orderId, from }, { busy: true }),
  };
}

export type MerchantApi = ReturnType<typeof merchantApi>;
