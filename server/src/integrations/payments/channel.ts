import type { PaymentMethod } from '../../../../types/catalogue';
import type { PayChannel, PaymentPlatform } from './types';

/** Who asks, as the server knows it: the session's platform and the request's User-Agent (never a client's claim). */
export interface PayClient {
  platform?: PaymentPlatform;
  userAgent?: string;
}

/**
 * The channel, decided here: a mini program session pays in the mini program; otherwise the browser tells (WeChat's
 * own browser, a phone, a desktop). The User-Agent only picks how the page pays; who pays (the openid) comes from
 * the session's account, never from the request.
 */
export function channelOf(sessionPlatform: string | null, userAgent: string): PayChannel {
  if (sessionPlatform === 'weapp') return 'weapp';
  if (/MicroMessenger/i.test(userAgent)) return 'wechat-browser';
  if (/Mobile|Android|iPhone|iPad|HarmonyOS/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The channel of a client (see channelOf). */
export const channelOfClient = (client: PayClient): PayChannel =>
  channelOf(client.platform ?? null, client.userAgent ?? '');

/** Inside WeChat (the mini program or WeChat's browser), where Alipay's pages do not open. */
export const insideWechat = (channel: PayChannel) => channel === 'weapp' || channel === 'wechat-browser';

/** Whether a way to pay can work on this channel: everything but Alipay inside WeChat. */
export const methodWorksOn = (method: PaymentMethod, channel: PayChannel) =>
  !(method === 'alipay' && insideWechat(channel));
