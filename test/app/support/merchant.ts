/**
 * The restaurant console's fake data for the management screens' tests (the page test and the store test use the
 * same): a restaurant, its menu, its members and today's takings, shaped like the API contract, and merchant calls
 * with a small restaurant behind them (busy mode, the closure and the members change what later reads answer).
 */
import type { Member, MerchantRestaurant, Takings } from '../../../types/api/merchant';
import type { Menu } from '../../../types/api/stores';
import type { MerchantApi } from '../../../src/services';
import { ApiError } from '../../../src/services/http';
import { ErrorCode } from '../../../types/errors';

/** 1 October 2026, 12:00 China time. */
export const T0 = Date.UTC(2026, 9, 1, 4);

/** The restaurant of the console (id 9), its owner's view unless `over` says otherwise. */
export const restaurant = (over: Partial<MerchantRestaurant> = {}): MerchantRestaurant => ({
  restaurant_id: 9,
  name: 'Night Skewers',
  role: 'owner',
  prep_minutes: 20,
  busy_until: null,
  closed: false,
  resume_at: null,
  ...over,
});

/**
 * Its menu: Beef noodles (159, on sale) with a Topping group of Egg (31, on sale) and Cheese (32, sold out), and
 * Cold noodles (160, sold out). A new copy each call, as each answer of the server is.
 */
export const menu = (): Menu => ({
  restaurant_id: 9,
  item_count: 2,
  categories: [
    {
      id: 1,
      name: 'Noodles',
      items: [
        {
          id: 159,
          category_id: 1,
          name: 'Beef noodles',
          description: '',
          picture: '',
          price_fen: 2800,
          sold_out: false,
          option_groups: [
            {
              id: 3,
              name: 'Topping',
              compulsory: false,
              min_select: 0,
              max_select: 1,
              options: [
                { id: 31, name: 'Egg', price_delta_fen: 200, sold_out: false },
                { id: 32, name: 'Cheese', price_delta_fen: 300, sold_out: true },
              ],
            },
          ],
        },
        {
          id: 160,
          category_id: 1,
          name: 'Cold noodles',
          description: '',
          picture: '',
          price_fen: 1800,
          sold_out: true,
          option_groups: [],
        },
      ],
    },
  ],
});

/** A member (`User <id>`, u<id>@szeat.cn, no phone, since T0) with what `over` changes. */
export const member = (id: number, role: Member['role'] = 'staff', over: Partial<Member> = {}): Member => ({
  user_id: id,
  name: `User ${id}`,
  email: `u${id}@szeat.cn`,
  phone: null,
  role,
  created_at: T0,
  ...over,
});

/** The members the fake restaurant starts with: Olive (1, owner, with a phone) and Sam (2, staff). */
export const startingMembers = (): Member[] => [
  member(1, 'owner', { name: 'Olive', email: 'olive@szeat.cn', phone: '13800000001' }),
  member(2, 'staff', { name: 'Sam', email: 'sam@szeat.cn' }),
];

/** Today (30 September 16:00 UTC = 1 October in China): 3 orders, ¥86.5 by balance and WeChat, 1 refund of ¥22.5. */
export const takings = (over: Partial<Takings> = {}): Takings => ({
  restaurant_id: 9,
  day_start: Date.UTC(2026, 8, 30, 16),
  orders: 3,
  takings_fen: 8650,
  by_method: [
    { payment_method: 'balance', orders: 1, takings_fen: 3000 },
    { payment_method: 'wechat', orders: 2, takings_fen: 5650 },
  ],
  cancelled: 1,
  refunded: 1,
  refunded_fen: 2250,
  ...over,
});

const CALLS = [
  'restaurants',
  'orders',
  'soldOut',
  'busy',
  'closed',
  'today',
  'members',
  'invite',
  'removeMember',
] as const satisfies ReadonlyArray<keyof MerchantApi>;
type Call = (typeof CALLS)[number];

/** The merchant calls the management screens make, as jest mocks (a page test's fakeApi().merchant has them too). */
export type FakeMerchant = {
  [K in Call]: MerchantApi[K] extends (...args: infer A) => infer R ? jest.Mock<R, A> : never;
};

/** Mocks of the management screens' merchant calls, answering nothing until `withRestaurant` gives them one. */
export function fakeMerchant(): FakeMerchant {
  return Object.fromEntries(CALLS.map((name) => [name, jest.fn()])) as unknown as FakeMerchant;
}

/**
 * Puts a restaurant behind the merchant calls: `restaurants` answers the list as busy mode and the closure leave it
 * (busy minutes counted from `now`), `members` the list as invitations and removals leave it; the board is empty,
 * sold-out changes are accepted, today answers `takings()`. `setRestaurants` replaces the list.
 */
export function withRestaurant(
  merchant: FakeMerchant,
  { restaurants = [restaurant()], now = Date.now }: { restaurants?: MerchantRestaurant[]; now?: () => number } = {},
) {
  let list = restaurants;
  let members = startingMembers();
  merchant.restaurants.mockImplementation(async () => ({ list }));
  merchant.orders.mockResolvedValue({ list: [], waiting: 0, last_event_id: 1 });
  merchant.soldOut.mockResolvedValue(null);
  merchant.busy.mockImplementation(async (b) => {
    const until = b.busy === 'off' ? null : now() + Number(b.busy) * 60_000;
    list = list.map((r) => ({ ...r, busy_until: until }));
    return { busy_until: until };
  });
  merchant.closed.mockImplementation(async (b) => {
    list = list.map((r) => ({ ...r, closed: b.closed, resume_at: b.resume_at ?? null }));
    return null;
  });
  merchant.today.mockResolvedValue(takings());
  merchant.members.mockImplementation(async () => ({ list: members }));
  merchant.invite.mockImplementation(async (b) => {
    const added = member(3, b.role, { name: 'Nina', email: b.contact });
    members = [...members, added];
    return added;
  });
  // As the server (merchants service removeMember): never the last owner, whoever asks.
  merchant.removeMember.mockImplementation(async (_restaurantId, userId) => {
    const gone = members.find((m) => m.user_id === userId);
    if (!gone) throw new ApiError(ErrorCode.Failed, 'This account is not a member of this restaurant');
    if (gone.role === 'owner' && members.filter((m) => m.role === 'owner').length === 1) {
      throw new ApiError(ErrorCode.Failed, "The restaurant's last owner cannot be removed");
    }
    members = members.filter((m) => m.user_id !== userId);
    return null;
  });
  return {
    setRestaurants: (l: MerchantRestaurant[]) => (list = l),
    /** Changes the members behind the calls (another owner's change the screen has not read yet). */
    setMembers: (l: Member[]) => (members = l),
  };
}
