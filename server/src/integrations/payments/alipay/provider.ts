import { AlipaySdk } from 'alipay-sdk';
import { fenToYuan, yuanToFen } from '../money';
import { parseAlipayBill, unzip } from './bill';
import type {
  CreatePaymentInput,
  NotifyReply,
  ParsedNotification,
  PayChannel,
  PaymentProvider,
  PaymentQuery,
  RefundResult,
} from '../types';
import { PaymentProviderError } from '../types';

export interface AlipayOptions {
  appId: string;
  /** The app's private key (PEM, PKCS#8 as Alipay's key tool writes it). */
  privateKey: string;
  /** Alipay's public key (PEM): verifies answers and notifications. */
  alipayPublicKey: string;
  /** https://openapi.alipay.com/gateway.do, or a stand-in (ALIPAY_GATEWAY). */
  gateway: string;
  /** Our Alipay account's id (2088…): notifications for another seller are refused. */
  sellerId?: string;
  now?: () => number;
}

/** "yyyy-MM-dd HH:mm:ss" in China time, Alipay's time format. */
const chinaClock = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const fromChinaClock = (text: unknown, fallback: number) => {
  const t = typeof text === 'string' ? Date.parse(`${text.replace(' ', 'T')}+08:00`) : NaN;
  return Number.isFinite(t) ? t : fallback;
};

type Answer = Record<string, unknown> & { code?: string; sub_code?: string; msg?: string; sub_msg?: string };

/**
 * Alipay through the official alipay-sdk v4: wap pay on phones, page pay on desktops (`pageExecute`, a signed link to
 * Alipay's cashier), notifications verified with `checkNotifySignV2` on the parsed form and checked against our app
 * and seller ids, `alipay.trade.query`, `.close`, `.refund` (a stable out_request_no) and the refund query. Answers are
 * verified (`validateSign`). Inside WeChat Alipay's pages do not open, so the provider serves browsers only.
 */
export function createAlipayProvider(o: AlipayOptions): PaymentProvider {
  const now = o.now ?? Date.now;
  const sdk = new AlipaySdk({
    appId: o.appId,
    privateKey: o.privateKey,
    alipayPublicKey: o.alipayPublicKey,
    gateway: o.gateway,
    keyType: 'PKCS8',
    camelcase: false,
    timeout: 10_000,
  });
  const channels: PayChannel[] = ['desktop', 'mobile'];

  async function exec(method: string, bizContent: object): Promise<Answer> {
    try {
      return (await sdk.exec(method, { bizContent }, { validateSign: true })) as Answer;
    } catch (err) {
      // The SDK's error may carry the raw answer; only its message goes on.
      throw new PaymentProviderError(`Alipay ${method}: ${(err as Error).message.slice(0, 200)}`, 'ALIPAY_REQUEST');
    }
  }
  const refused = (method: string, a: Answer): never => {
    throw new PaymentProviderError(
      `Alipay ${method}: ${a.code} ${a.sub_code ?? ''} ${a.sub_msg ?? a.msg ?? ''}`,
      a.sub_code ?? a.code ?? '',
    );
  };

  const refundState = (a: Answer): RefundResult =>
    a.fund_change === 'Y' || a.refund_status === 'REFUND_SUCCESS'
      ? {
          state: 'done',
          rawState: String(a.refund_status ?? 'FUND_CHANGE_Y'),
          ...(a.trade_no ? { refundId: String(a.trade_no) } : {}),
        }
      : { state: 'pending', rawState: String(a.refund_status ?? 'FUND_CHANGE_N') };

  return {
    name: 'alipay',
    channels,

    async create(input: CreatePaymentInput) {
      if (input.channel !== 'desktop' && input.channel !== 'mobile') {
        throw new PaymentProviderError('Alipay does not open inside WeChat', 'CHANNEL');
      }
      const wap = input.channel === 'mobile';
      const url = sdk.pageExecute(wap ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: input.outTradeNo,
          total_amount: fenToYuan(input.amountFen),
          subject: input.description.slice(0, 128),
          product_code: wap ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          time_expire: chinaClock(input.expiresAt),
          ...(wap ? { quit_url: input.cancelUrl } : {}),
        },
        returnUrl: input.returnUrl,
        notifyUrl: input.notifyUrl,
      });
      return { cashierUrl: url };
    },

    async parseNotification(_headers, rawBody): Promise<ParsedNotification> {
      const form: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(rawBody)) form[k] = v;
      if (!form.sign) return { ok: false, reason: 'signature' };
      let verified = false;
      try {
        verified = sdk.checkNotifySignV2(form);
      } catch {
        verified = false;
      }
      if (!verified) return { ok: false, reason: 'signature' };
      if (form.app_id !== o.appId || (o.sellerId && form.seller_id !== o.sellerId))
        return { ok: false, reason: 'merchant' };
      const outTradeNo = form.out_trade_no;
      const status = form.trade_status ?? '';
      if (!outTradeNo) return { ok: false, reason: 'malformed' };
      // A refund moves a trade too: its notice names the refund (out_biz_no) and the amount given back.
      if (form.out_biz_no && form.refund_fee) {
        const amount = yuanToFen(form.refund_fee);
        if (amount === null) return { ok: false, reason: 'malformed' };
        return {
          ok: true,
          notice: {
            kind: 'refund',
            outTradeNo,
            refundNo: form.out_biz_no,
            refundId: form.trade_no ?? '',
            amountFen: amount,
            state: 'done',
            rawState: status,
          },
        };
      }
      const amount = yuanToFen(form.total_amount ?? '');
      if (amount === null || !form.trade_no) return { ok: false, reason: 'malformed' };
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED' || status === 'TRADE_CLOSED') {
        return {
          ok: true,
          notice: {
            kind: 'payment',
            outTradeNo,
            transactionId: form.trade_no,
            amountFen: amount,
            state: status === 'TRADE_CLOSED' ? 'closed' : 'paid',
            rawState: status,
            paidAt: fromChinaClock(form.gmt_payment, now()),
          },
        };
      }
      return { ok: false, reason: 'ignored' };
    },

    // Alipay stops resending on the plain text `success`; anything else is retried.
    notifyReply(accepted): NotifyReply {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
    },

    async query(outTradeNo): Promise<PaymentQuery> {
      const a = await exec('alipay.trade.query', { out_trade_no: outTradeNo });
      if (a.code !== '10000') {
        if (a.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'unpaid', rawState: a.sub_code };
        refused('alipay.trade.query', a);
      }
      const status = String(a.trade_status ?? '');
      if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') {
        const amount = yuanToFen(String(a.total_amount ?? ''));
        if (amount === null || !a.trade_no) return { state: 'unknown', rawState: status };
        return {
          state: 'paid',
          rawState: status,
          transactionId: String(a.trade_no),
          amountFen: amount,
          paidAt: fromChinaClock(a.send_pay_date, now()),
        };
      }
      if (status === 'TRADE_CLOSED') return { state: 'closed', rawState: status };
      if (status === 'WAIT_BUYER_PAY') return { state: 'unpaid', rawState: status };
      return { state: 'unknown', rawState: status };
    },

    async close(outTradeNo) {
      const a = await exec('alipay.trade.close', { out_trade_no: outTradeNo });
      // Never opened by the buyer: Alipay has no trade, nothing can pay it after its time_expire either.
      if (a.code === '10000' || a.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      if (a.sub_code === 'ACQ.TRADE_STATUS_ERROR')
        throw new PaymentProviderError(`Alipay: ${outTradeNo} cannot be closed (paid)`, 'ORDERPAID');
      refused('alipay.trade.close', a);
    },

    async refund(input) {
      if (input.amountFen <= 0 || input.amountFen > input.totalFen) {
        throw new PaymentProviderError(
          `refund of ${input.amountFen} fen out of range (paid ${input.totalFen})`,
          'AMOUNT',
        );
      }
      const a = await exec('alipay.trade.refund', {
        out_trade_no: input.outTradeNo,
        refund_amount: fenToYuan(input.amountFen),
        out_request_no: input.refundNo,
        ...(input.reason ? { refund_reason: input.reason.slice(0, 200) } : {}),
      });
      if (a.code !== '10000') refused('alipay.trade.refund', a);
      // Counted as done only when Alipay says the money moved; otherwise it is asked again later.
      return refundState(a);
    },

    async queryRefund(refundNo, outTradeNo) {
      const a = await exec('alipay.trade.fastpay.refund.query', { out_trade_no: outTradeNo, out_request_no: refundNo });
      if (a.code !== '10000') refused('alipay.trade.fastpay.refund.query', a);
      return a.refund_status === 'REFUND_SUCCESS'
        ? refundState(a)
        : { state: 'pending', rawState: String(a.refund_status ?? 'UNKNOWN') };
    },

    /**
     * The day's trade bill: alipay.data.dataservice.bill.downloadurl.query answers a short-lived link to a zip whose
     * detail file (`…业务明细.csv`, not the `(汇总)` summary) lists each payment and refund.
     */
    async bill(date) {
      const a = await exec('alipay.data.dataservice.bill.downloadurl.query', { bill_type: 'trade', bill_date: date });
      if (a.code !== '10000' || typeof a.bill_download_url !== 'string') {
        refused('alipay.data.dataservice.bill.downloadurl.query', a);
      }
      let zip: Buffer;
      try {
        const res = await fetch(a.bill_download_url as string, { signal: AbortSignal.timeout(30_000) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        zip = Buffer.from(await res.arrayBuffer());
      } catch (err) {
        throw new PaymentProviderError(`Alipay bill of ${date}: ${(err as Error).message}`, 'BILL_DOWNLOAD');
      }
      const detail = unzip(zip).find((f) => f.name.endsWith('.csv') && !f.name.includes('汇总'));
      if (!detail) throw new PaymentProviderError(`Alipay bill of ${date}: no detail file`, 'BILL_FORMAT');
      return parseAlipayBill(new TextDecoder('gbk').decode(detail.data));
    },
  };
}
