import { OrderStatus as S } from '../../../../types/order-status';
import type { SubscribeTemplate } from '../../db/tables/notify';
import { fitSubscribeField, type SubscribeMessage, type Wechat, WechatError } from '../../integrations/wechat';
import { orderNo } from '../orders/service';
import type { AppUnitOfWork } from '../repositories';

export type { SubscribeTemplate } from '../../db/tables/notify';

export interface NotifyDeps {
  uow: AppUnitOfWork;
  wechat: Pick<Wechat, 'sendSubscribeMessage'>;
  /** The template id of each message in use (config: subscribeTemplates); a kind without one is never sent. */
  templates: Partial<Record<SubscribeTemplate, string>>;
  /** The customer's mini program openid (a subscribe message goes to the mini program user), or null. */
  openidOf: (userId: number) => Promise<string | null>;
  now: () => number;
  log?: (msg: string, err?: unknown) => void;
}

/** The customer's newest mini program openid under this app id (sandbox and real identities never mix). */
export const mpOpenidOf = (uow: AppUnitOfWork, appid: string) => async (userId: number) =>
  (await uow.repos.accounts.identitiesOf(userId)).filter((i) => i.app === 'mp' && i.appid === appid).at(-1)?.openid ??
  null;

/** The mini program page a message opens (route table: orderDetail). */
export const ORDER_PAGE = 'screens/order/detail/index';
/** Changes older than this when the sender first sees them are not sent any more (old news). */
export const SEND_WINDOW_MS = 15 * 60_000;

/**
 * Which message an order event sends: accepted (the restaurant took it, with its ready time), ready (a delivery
 * order handed to the courier: the board's "ready"; a collection order marked ready for collection: its own event
 * `order.ready`, the order staying "being prepared"), delivered.
 */
export function templateOf(
  status: number,
  mode: 'delivery' | 'collection',
  type = 'order.status',
): SubscribeTemplate | null {
  if (type === 'order.ready') return mode === 'collection' ? 'ready' : null;
  if (type !== 'order.status') return null;
  if (status === S.ConfirmedByRestaurant) return 'accepted';
  if (status === S.DriverAssigned && mode === 'delivery') return 'ready';
  if (status === S.Delivered && mode === 'delivery') return 'delivered';
  return null;
}
const STATUS_OF: Record<SubscribeTemplate, number> = {
  accepted: S.ConfirmedByRestaurant,
  ready: S.DriverAssigned,
  delivered: S.Delivered,
};

const CHINA_OFFSET_MS = 8 * 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** "2030-01-01 12:05", China time (a format WeChat's time fields take). */
export function wechatTime(ms: number): string {
  const d = new Date(ms + CHINA_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

const NOTES = {
  cn: {
    accepted: (m: number | null) => (m ? `商家已接单，备餐约${m}分钟` : '商家已接单'),
    ready: '餐品已做好，交给骑手',
    collect: (code: string | null) => (code ? `可取餐，取餐码${code}` : '可取餐，请到店取餐'),
  },
  en: {
    accepted: (m: number | null) => (m ? `Ready in ${m} min` : 'Accepted'),
    ready: 'With the courier now',
    collect: (code: string | null) => (code ? `Ready · code ${code}` : 'Ready for collection'),
  },
};

/**
 * WeChat subscribe messages (issue 18): the mini program asks the customer (requestSubscribeMessage, in the
 * place-order / pay tap) and reports the templates accepted (`grant`: one grant each, counted per customer and
 * template). The sender (`sendDue`, a job) reads recent status changes from the order events outbox; each event is
 * claimed once (unique row), then one grant is used by a conditional decrement, then the message goes through the
 * WeChat client (sandbox: its outbox). Never without a grant, once per grant, at most once per event; a change whose
 * customer has no grant or no mini program openid is recorded as such and sends nothing.
 */
export function createNotifyService(deps: NotifyDeps) {
  const { uow, now } = deps;
  const repo = uow.repos.notify;
  const log = deps.log ?? (() => undefined);
  const sending = (Object.keys(deps.templates) as SubscribeTemplate[]).map((k) => STATUS_OF[k]);
  /** The "ready" template also goes out on a collection order's ready mark (its own event type). */
  const marking = deps.templates.ready ? ['order.ready'] : [];
  const kindOfId = new Map(Object.entries(deps.templates).map(([kind, id]) => [id, kind as SubscribeTemplate]));

  async function message(orderId: number, kind: SubscribeTemplate, at: number, openid: string) {
    const o = await repo.order(orderId);
    if (!o) return null;
    const en = o.language === 'en';
    const name = en ? o.restaurant_name_en || o.restaurant_name_cn : o.restaurant_name_cn;
    const notes = NOTES[en ? 'en' : 'cn'];
    const data: Record<string, string> = {
      character_string1: orderNo({ id: o.id, created_at: Number(o.created_at) }),
      thing2: name,
    };
    if (kind === 'accepted') {
      data.time3 = wechatTime(o.ready_at === null ? at : Number(o.ready_at));
      data.thing4 = notes.accepted(o.prep_minutes);
    } else if (kind === 'ready') {
      // Collection: ready to pick up, with the code the counter asks for (the page opened shows the address).
      data.thing3 = o.mode === 'collection' ? notes.collect(o.collection_code) : notes.ready;
    } else {
      data.time3 = wechatTime(at);
    }
    const fitted = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, fitSubscribeField(k, v)]));
    const m: SubscribeMessage = {
      openid,
      templateId: deps.templates[kind]!,
      page: `${ORDER_PAGE}?orderId=${o.id}`,
      data: fitted,
      lang: en ? 'en_US' : 'zh_CN',
    };
    return { message: m, mode: o.mode };
  }

  /** Looks at one status change once: sends its message when the customer has a grant left (using it). */
  async function handle(event: {
    id: number;
    order_id: number;
    user_id: number;
    type?: string;
    payload: string;
    at: number;
  }) {
    const status = (JSON.parse(event.payload) as { status?: number }).status ?? -1;
    const order = await repo.order(event.order_id);
    const kind = order ? templateOf(status, order.mode, event.type) : null;
    if (!kind || !deps.templates[kind]) return 'none' as const;
    const at = now();
    const claimed = await repo.claim({
      event_id: event.id,
      user_id: event.user_id,
      order_id: event.order_id,
      template: kind,
      at,
    });
    if (claimed === undefined) return 'seen' as const;
    const openid = await deps.openidOf(event.user_id);
    if (!openid) {
      await repo.finish(claimed, 'no_openid');
      return 'no_openid' as const;
    }
    if (!(await repo.useGrant(event.user_id, kind, at))) {
      await repo.finish(claimed, 'no_grant');
      return 'no_grant' as const;
    }
    const built = await message(event.order_id, kind, Number(event.at), openid);
    try {
      await deps.wechat.sendSubscribeMessage(built!.message);
      await repo.finish(claimed, 'sent');
      return 'sent' as const;
    } catch (err) {
      // The grant is spent either way: WeChat counts a refused send against it too (43101 says it had none).
      await repo.finish(claimed, 'failed', err instanceof WechatError ? (err.errcode ?? null) : null);
      log(`subscribe message for order ${event.order_id} failed`, err);
      return 'failed' as const;
    }
  }

  return {
    /** The template ids the mini program asks for, by kind. */
    templates: () => ({ ...deps.templates }),

    /**
     * Records what requestSubscribeMessage answered: each of our templates answered `accept` is one more grant
     * (other answers and unknown ids change nothing). Answers the grants the customer now has.
     */
    async grant(userId: number, results: Record<string, string>) {
      const at = now();
      for (const [id, answer] of Object.entries(results)) {
        const kind = kindOfId.get(id);
        if (kind && answer === 'accept') await repo.addGrant(userId, kind, at);
      }
      return this.grants(userId);
    },

    async grants(userId: number): Promise<Record<SubscribeTemplate, number>> {
      const out: Record<SubscribeTemplate, number> = { accepted: 0, ready: 0, delivered: 0 };
      for (const g of await repo.grants(userId)) out[g.template] = g.remaining;
      return out;
    },

    handle,

    /** Sends what recent status changes call for (the job; any instance, any number of times). */
    async sendDue(at: number = now()) {
      const counts = { sent: 0, skipped: 0 };
      if (sending.length === 0) return counts;
      for (let round = 0; round < 10; round++) {
        const rows = await repo.due(at - SEND_WINDOW_MS, sending, 200, marking);
        for (const row of rows) {
          if ((await handle(row)) === 'sent') counts.sent += 1;
          else counts.skipped += 1;
        }
        if (rows.length < 200) break;
      }
      return counts;
    },
  };
}

export type NotifyService = ReturnType<typeof createNotifyService>;
