/**
 * The API actions the app may call (spec §7: only get and post exist), by method. The HTTP client refuses any other
 * action before sending anything: spec §8, "an unsupported action throws an error that the action was not found".
 * test/tooling/api-coverage.test.ts checks that each one exists on the server (its OpenAPI document) and that every
 * call in src/services is listed here. Actions of the spec that the server does not answer yet (ratingslist,
 * saverating, delrating, uploadphoto) join the list with their screens.
 */
export const ACTIONS = {
  GET: [
    'promolist',
    'adslist',
    'cuisineslist',
    'iplocation',
    'closestaddr',
    'multiplesearch',
    'whats-news-list',
    'me',
    'addrlist',
    'addrinfo',
    'storelist',
    'newstores',
    'storeinfo',
    'menulist',
    'storereview',
    'cartlist',
    'orderlist',
    'orderinfo',
    'check-order-pay',
    'article-list',
    'article',
    'arealist',
    'buildinglist',
    'wallet',
    'usercouponslist',
    'availablecouponslist',
    'allavailablecouponscount',
    'popuplist',
    'wxoauthurl',
    'qrcode',
  ],
  POST: [
    'login',
    'wxpubliclogin',
    'wxminilogin',
    'logout',
    'reg',
    'setdefaultaddr',
    'saveaddr',
    'deladdr',
    'resetpwdsms',
    'savenewpwd',
    'addcart',
    'editcart',
    'delcart',
    'confirmorder',
    'submitorder',
    'pay',
    'updatepopup',
  ],
} as const satisfies Record<'GET' | 'POST', readonly string[]>;

export type ActionTable = { readonly [M in keyof typeof ACTIONS]: readonly string[] };
