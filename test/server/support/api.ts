import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AuthResult, ResetPwdSms, UserInfo, WxOauthUrl } from '../../../types/api/accounts';
import type { Address, AddressList } from '../../../types/api/addresses';
import type { Article, ArticleSummary } from '../../../types/api/articles';
import type { CartData, CartIdResult, ReorderResult } from '../../../types/api/cart';
import type { AdList, CuisineList, PopupList, PromoList, UpdatePopupResult } from '../../../types/api/catalogue';
import type { Quote, SubmitOrderResult } from '../../../types/api/checkout';
import type { ApiEnvelope, PagedData } from '../../../types/api/common';
import type { Order, OrderList } from '../../../types/api/orders';
import type { DelRatingResult, MyRating, MyRatings, UploadedPhoto } from '../../../types/api/ratings';
import type { CheckOrderPay, PayTicket } from '../../../types/api/payments';
import type { AreaList, BuildingList, ClosestAddr, IpLocation } from '../../../types/api/places';
import type { MultipleSearch } from '../../../types/api/search';
import type { Menu, StoreInfo, StoreReviews, StoreSummary } from '../../../types/api/stores';
import type { AvailableCoupons, CouponCount, VoucherList, Wallet } from '../../../types/api/wallet';

/** What each API action answers in `data` on success (the `Envelope(...)` of its route schema). */
export interface ApiData {
  reg: AuthResult;
  login: AuthResult;
  me: UserInfo;
  logout: null;
  wxminilogin: AuthResult;
  wxoauthurl: WxOauthUrl;
  wxpubliclogin: AuthResult;
  resetpwdsms: ResetPwdSms;
  savenewpwd: null;
  addrlist: AddressList;
  addrinfo: Address;
  saveaddr: Address;
  deladdr: null;
  setdefaultaddr: Address;
  'article-list': PagedData<ArticleSummary>;
  'whats-news-list': PagedData<ArticleSummary>;
  article: Article;
  cartlist: CartData;
  addcart: CartIdResult;
  editcart: CartIdResult;
  delcart: null;
  cuisineslist: CuisineList;
  promolist: PromoList;
  adslist: AdList;
  popuplist: PopupList;
  updatepopup: UpdatePopupResult;
  confirmorder: Quote;
  submitorder: SubmitOrderResult;
  orderlist: OrderList;
  orderinfo: Order;
  cancelorder: Order;
  reorder: ReorderResult;
  pay: PayTicket;
  'check-order-pay': CheckOrderPay;
  arealist: AreaList;
  buildinglist: BuildingList;
  closestaddr: ClosestAddr;
  iplocation: IpLocation;
  multiplesearch: MultipleSearch;
  storelist: PagedData<StoreSummary>;
  newstores: PagedData<StoreSummary>;
  storeinfo: StoreInfo;
  menulist: Menu;
  storereview: StoreReviews;
  wallet: Wallet;
  usercouponslist: VoucherList;
  availablecouponslist: AvailableCoupons;
  allavailablecouponscount: CouponCount;
  uploadphoto: UploadedPhoto;
  saverating: MyRating;
  delrating: DelRatingResult;
  ratingslist: MyRatings;
}

type Unprefixed<P extends string> = P extends `/api/szeat/${infer R}` ? R : P;
type ActionOf<P extends string> = Unprefixed<P> extends `${infer A}?${string}` ? A : Unprefixed<P>;
/**
 * The parsed body of an answer to `path`: an action's envelope with its success data typed, so a test reads fields
 * the contract has (an error answer's `data` is null or `{ field }`: compare it whole with toEqual/toMatchObject).
 * Paths outside the action list (site files, the cashier, notifications) answer untyped bodies.
 */
export type BodyOf<P extends string> = ActionOf<P> extends keyof ApiData ? ApiEnvelope<ApiData[ActionOf<P>]> : any; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface CallOptions {
  token?: string;
  lang?: string;
  /** The client address (Fastify trusts X-Forwarded-For here, as in production behind a proxy). */
  ip?: string;
  headers?: Record<string, string>;
}

export interface RequestOptions extends CallOptions {
  /** An object is sent as JSON; a string or Buffer as it is (give its content-type in `headers`). */
  payload?: object | string | Buffer;
}

export interface Answer<B> {
  status: number;
  /** The parsed JSON when the answer is uncompressed JSON, else its text. */
  body: B;
  headers: LightMyRequestResponse['headers'];
  /** The answer itself, for its bytes (`raw.rawPayload`) and cookies. */
  raw: LightMyRequestResponse;
}

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS' | 'PATCH';

/**
 * The one way a server test calls the app (through Fastify's inject): `path` without a leading slash is an API action
 * (`/api/szeat/<path>`), with one (or a whole URL) it is any address of the server (site, pictures, cashier,
 * notifications).
 */
export function apiOf(app: FastifyInstance | (() => FastifyInstance)) {
  const appOf = typeof app === 'function' ? app : () => app;
  const headersOf = (o: CallOptions) => ({
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...(o.lang ? { 'accept-language': o.lang } : {}),
    'x-forwarded-for': o.ip ?? '127.0.0.1',
    ...o.headers,
  });
  async function request<P extends string>(method: Method, path: P, o: RequestOptions = {}) {
    const url = /^(\/|https?:)/.test(path) ? path : `/api/szeat/${path}`;
    const raw = await appOf().inject({
      method,
      url,
      headers: headersOf(o),
      ...(o.payload === undefined ? {} : { payload: o.payload }),
    });
    const type = String(raw.headers['content-type'] ?? '');
    const parse = type.includes('json') && !raw.headers['content-encoding'] && raw.body !== '';
    const answer: Answer<BodyOf<P>> = {
      status: raw.statusCode,
      body: (parse ? raw.json() : raw.body) as BodyOf<P>,
      headers: raw.headers,
      raw,
    };
    return answer;
  }
  return {
    request,
    get: <P extends string>(path: P, o: CallOptions = {}) => request('GET', path, o),
    post: <P extends string>(path: P, payload: object | string | Buffer, o: CallOptions = {}) =>
      request('POST', path, { ...o, payload }),
  };
}

export type Api = ReturnType<typeof apiOf>;
