import type {
  AcceptBody,
  BoardState,
  Board,
  BusyBody,
  ClosedBody,
  InviteBody,
  Member,
  Members,
  CollectBody,
  MerchantOrder,
  MerchantRestaurants,
  MoveResult,
  RejectBody,
  SoldOutBody,
  Takings,
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
    /** A dish (dish_id) or an option (option_id) sold out, or back on sale. */
    soldOut: (body: SoldOutBody) => http.post<null>('merchant/soldout', { ...body }),
    /** Busy mode (owners): no new orders for 15/30/60 minutes or until the next opening, or off. */
    busy: (body: BusyBody) => http.post<{ busy_until: number | null }>('merchant/busy', { ...body }, { busy: true }),
    /** Closed (until resume_at, or until reopened by hand), or reopened (owners). */
    closed: (body: ClosedBody) => http.post<null>('merchant/closed', { ...body }, { busy: true }),
    /** Today's orders and takings by payment method, cancellations and refunds (owners). */
    today: (restaurantId: number) => http.get<Takings>('merchant/today', { restaurant_id: restaurantId }),
    /** The restaurant's members (owners). */
    members: (restaurantId: number) => http.get<Members>('merchant/members', { restaurant_id: restaurantId }),
    /** Adds an existing account, by phone or e-mail, as staff or owner (owners). */
    invite: (body: InviteBody) => http.post<Member>('merchant/invite', { ...body }, { busy: true }),
    /** Ends a membership; the server keeps the last owner (owners). */
    removeMember: (restaurantId: number, userId: number) =>
      http.post<null>('merchant/remove-member', { restaurant_id: restaurantId, user_id: userId }, { busy: true }),
    /** Marks a collection order being prepared ready for collection (once; a retry answers the same mark). */
    ready: (orderId: number) => http.post<MoveResult>('merchant/ready', { order_id: orderId }, { busy: true }),
    /** Hands a collection order over against the code the customer shows (a wrong code: order.code_wrong). */
    collect: (body: CollectBody) => http.post<MoveResult>('merchant/collect', { ...body }, { busy: true }),
  };
}

export type MerchantApi = ReturnType<typeof merchantApi>;
