import type { Generated } from 'kysely';

/** Which subscribe message (issue 18): the template a customer allowed, and the change that sends it. */
export type SubscribeTemplate = 'accepted' | 'ready' | 'delivered';

/**
 * WeChat one-time subscribe messages a customer allowed (requestSubscribeMessage answered `accept`): one row per
 * customer and template, `remaining` sends left (each accept allows one; never below 0, a constraint).
 */
export interface SubscribeGrantsTable {
  user_id: number;
  template: SubscribeTemplate;
  remaining: number;
  updated_at: number;
}

/**
 * One row per order event that could send a subscribe message (unique: an event is looked at once, by whichever
 * instance gets there first): what happened to it. `sent` used a grant; `no_grant`, `no_openid` sent nothing;
 * `failed` used a grant that WeChat refused (the errcode says why).
 */
export interface SubscribeSendsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  order_id: number;
  template: SubscribeTemplate;
  state: 'sending' | 'sent' | 'failed' | 'no_grant' | 'no_openid';
  errcode: number | null;
  at: number;
}

export interface NotifyTables {
  subscribe_grants: SubscribeGrantsTable;
  subscribe_sends: SubscribeSendsTable;
}
