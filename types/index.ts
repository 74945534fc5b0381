// Value exports here must stay free of TypeBox so the app bundles none of it; the app imports schemas' types only.
export * from './errors';
export * from './lang';
export * from './constants';
export type { ApiEnvelope, PagedData, PageQuery } from './api/common';
export type { Article, ArticleSummary } from './api/articles';
export * from './validation';
export type { FieldErrorData } from './api/common';
export type {
  AuthResult,
  LoginBody,
  RegisterBody,
  ResetPwdSms,
  ResetPwdSmsBody,
  SaveNewPwdBody,
  UserInfo,
  WxMiniLoginBody,
  WxOauthUrl,
  WxOauthUrlQuery,
  WxPublicLoginBody,
} from './api/accounts';
export type { Address, AddressIdBody, AddressIdQuery, AddressList, SaveAddressBody } from './api/addresses';
export * from './catalogue';
export * from './codes';
export type { Area, AreaList, Building, BuildingList, City, CityAreas, ClosestAddr, IpLocation } from './api/places';
export type { Ad, Cuisine, Link, Popup, Promotion, UpdatePopupBody, UpdatePopupResult } from './api/catalogue';
export type {
  CuisineRef,
  DayHours,
  HoursWindow,
  Menu,
  MenuCategory,
  MenuItem,
  MenuOption,
  OpenState,
  OptionGroup,
  RatingSummary,
  Review,
  StoreInfo,
  StoreListQuery,
  StoreReviews,
  StoreSummary,
} from './api/stores';
export type { MultipleSearch, MultipleSearchQuery, SearchHit } from './api/search';
export type {
  Order,
  OrderHistoryEntry,
  OrderInfoQuery,
  OrderLine,
  OrderList,
  OrderListQuery,
  OrderStep,
  OrderSummary,
} from './api/orders';
export type { CheckOrderPay, CheckOrderPayQuery, PayBody, PayTicket, WeappPayParams } from './api/payments';
