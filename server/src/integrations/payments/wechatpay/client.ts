import { createHash, type KeyObject } from 'node:crypto';
import { authorization, decryptResource, nonce, type Encrypted } from './crypto';
import { certificateOf, createVerifier, type PlatformCertificate, type Verifier } from './verifier';

/** A refused or failed call: WeChat Pay's own `code` (ORDERPAID, SIGN_ERROR…) when it answered one. */
export class WechatPayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
    this.name = 'WechatPayError';
  }
}

export interface WechatPayClientOptions {
  /** https://api.mch.weixin.qq.com, or a stand-in (WECHATPAY_API_BASE). */
  apiBase: string;
  mchid: string;
  /** The merchant API certificate's serial number and private key (requests are signed with it). */
  serialNo: string;
  privateKey: KeyObject;
  /** The APIv3 key (32 bytes): decrypts notifications and platform certificates. */
  apiV3Key: string;
  /** Public key mode: the WeChat Pay public key and its id (PUB_KEY_ID_…). */
  publicKey?: { id: string; key: KeyObject };
  /** Certificate mode: platform certificates are downloaded from /v3/certificates. Both may be on at once. */
  certificates?: boolean;
  now?: () => number;
  timeoutMs?: number;
}

export interface Transaction {
  appid?: string;
  mchid?: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type?: string;
  /** SUCCESS, REFUND, NOTPAY, CLOSED, REVOKED, USERPAYING, PAYERROR. */
  trade_state: string;
  trade_state_desc?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
  payer?: { openid?: string };
}

export interface Refund {
  refund_id?: string;
  out_refund_no: string;
  out_trade_no?: string;
  transaction_id?: string;
  /** SUCCESS, CLOSED, PROCESSING, ABNORMAL. */
  status: string;
  success_time?: string;
  amount?: { total?: number; refund?: number };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * WeChat Pay API v3 over fetch: every request signed (`Authorization: WECHATPAY2-SHA256-RSA2048 …` over the exact
 * bytes sent), every answer verified before it is read (timestamp window, serial, signature over the raw bytes).
 */
export function createWechatPayClient(o: WechatPayClientOptions) {
  const now = o.now ?? Date.now;
  const base = o.apiBase.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? 10_000;
  const verifier: Verifier = createVerifier({
    ...(o.publicKey ? { publicKey: o.publicKey } : {}),
    now,
    ...(o.certificates ? { loadCertificates: downloadCertificates } : {}),
  });

  async function send(method: 'GET' | 'POST', pathAndQuery: string, payload?: object, verify = true): Promise<Answer> {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'szeat-wechatpay/1',
      authorization: authorization({
        mchid: o.mchid,
        serialNo: o.serialNo,
        key: o.privateKey,
        method,
        pathAndQuery,
        body,
        timestamp: Math.floor(now() / 1000),
        nonceStr: nonce(),
      }),
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    // Merchants with the WeChat Pay public key name it on their requests.
    if (o.publicKey) headers['wechatpay-serial'] = o.publicKey.id;
    let res: Response;
    try {
      res = await fetch(`${base}${pathAndQuery}`, {
        method,
        headers,
        ...(payload !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new WechatPayError(
        `WeChat Pay ${method} ${pathAndQuery.split('?')[0]}: ${(err as Error).message}`,
        0,
        'NETWORK',
      );
    }
    const text = await res.text();
    if (verify) {
      const checked = await verifier.verify(Object.fromEntries(res.headers), text);
      if (!checked.ok) {
        throw new WechatPayError(
          `WeChat Pay answer not verified (${checked.reason})`,
          res.status,
          'ANSWER_NOT_VERIFIED',
        );
      }
    }
    if (res.status >= 300) {
      let code = 'HTTP_' + res.status;
      let message = text.slice(0, 200);
      try {
        const e = JSON.parse(text) as { code?: string; message?: string };
        code = e.code ?? code;
        message = e.message ?? message;
      } catch {
        // not JSON: keep the status
      }
      throw new WechatPayError(
        `WeChat Pay ${method} ${pathAndQuery.split('?')[0]}: ${code} ${message}`,
        res.status,
        code,
      );
    }
    return { status: res.status, headers: Object.fromEntries(res.headers), body: text };
  }

  const json = <T>(a: Answer) => (a.body ? (JSON.parse(a.body) as T) : ({} as T));

  /**
   * Certificate mode: the platform certificates, decrypted with the APIv3 key. The answer is verified with a
   * certificate it carries (the first download has nothing else to trust; the TLS connection vouches for it).
   */
  async function downloadCertificates(): Promise<PlatformCertificate[]> {
    const answer = await send('GET', '/v3/certificates', undefined, false);
    const data = json<{ data?: Array<{ serial_no: string; encrypt_certificate: Encrypted }> }>(answer).data ?? [];
    const certs = data.map((d) => certificateOf(decryptResource(o.apiV3Key, d.encrypt_certificate)));
    const own = createVerifier({ now });
    for (const c of certs) own.add(c);
    const checked = await own.verify(answer.headers, answer.body);
    if (!checked.ok) {
      throw new WechatPayError(
        `WeChat Pay certificates not verified (${checked.reason})`,
        answer.status,
        'ANSWER_NOT_VERIFIED',
      );
    }
    return certs;
  }

  const path = (p: string, q: Record<string, string> = {}) => {
    const query = new URLSearchParams(q).toString();
    return query ? `${p}?${query}` : p;
  };

  return {
    verifier,
    /** JSAPI (mini program or official account): the prepay id for requestPayment / getBrandWCPayRequest. */
    jsapi: async (req: object) => json<{ prepay_id: string }>(await send('POST', '/v3/pay/transactions/jsapi', req)),
    /** Native: the code_url to show as a QR code. */
    native: async (req: object) => json<{ code_url: string }>(await send('POST', '/v3/pay/transactions/native', req)),
    /** H5 pay (phone browsers outside WeChat): the h5_url to send the browser to. */
    h5: async (req: object) => json<{ h5_url: string }>(await send('POST', '/v3/pay/transactions/h5', req)),
    query: async (outTradeNo: string) =>
      json<Transaction>(
        await send(
          'GET',
          path(`/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`, { mchid: o.mchid }),
        ),
      ),
    close: async (outTradeNo: string) => {
      await send('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: o.mchid,
      });
    },
    refund: async (req: object) => json<Refund>(await send('POST', '/v3/refund/domestic/refunds', req)),
    queryRefund: async (outRefundNo: string) =>
      json<Refund>(await send('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`)),
    /** The day's trade bill (text), its SHA1 checked against the one the bill request answered. */
    async tradeBill(billDate: string): Promise<string> {
      const meta = json<{ hash_type: string; hash_value: string; download_url: string }>(
        await send('GET', path('/v3/bill/tradebill', { bill_date: billDate, bill_type: 'ALL' })),
      );
      const url = new URL(meta.download_url);
      // The file itself is not signed; its digest came in the signed answer above.
      const file = await send('GET', `${url.pathname}${url.search}`, undefined, false);
      const digest = createHash('sha1').update(file.body, 'utf8').digest('hex');
      if (meta.hash_type !== 'SHA1' || digest.toLowerCase() !== meta.hash_value.toLowerCase()) {
        throw new WechatPayError(`trade bill of ${billDate}: SHA1 mismatch`, file.status, 'BILL_HASH');
      }
      return file.body;
    },
    downloadCertificates,
  };
}

export type WechatPayClient = ReturnType<typeof createWechatPayClient>;
