import { createSign, createVerify, randomBytes } from 'node:crypto';
import { keyPair } from './keys';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A stand-in for Alipay's OpenAPI gateway (gateway.do) on loopback, with keys it generates: it checks our RSA2
 * request signatures (sorted `key=value` pairs joined by `&`, all but `sign`) and answers `isv.invalid-signature` to a
 * bad one, signs its answers (the `…_response` object's exact text), serves the wap / page cashier where the buyer
 * pays or cancels, answers trade.query, .close, .refund and fastpay.refund.query, and posts signed, form-encoded
 * notifications (duplicated, held back or dropped on request). Written from the published protocol without the SDK.
 */

export interface AlipayStandinOptions {
  appId?: string;
  sellerId?: string;
  now?: () => number;
  port?: number;
  host?: string;
  log?: (line: string) => void;
  /** RSA private keys (PKCS#8 PEM) instead of generated ones: Alipay's own and the app's. */
  keys?: { alipay?: string; app?: string };
}

interface Trade {
  out_trade_no: string;
  trade_no?: string;
  total_amount: string;
  subject: string;
  method: string;
  notify_url: string;
  return_url: string;
  quit_url?: string;
  time_expire?: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED' | 'TRADE_FINISHED';
  gmt_payment?: string;
  refunded_fen: number;
}

interface RefundRecord {
  out_trade_no: string;
  out_request_no: string;
  refund_amount: string;
  gmt_refund_pay: string;
  status: 'REFUND_SUCCESS' | 'PROCESSING';
}

export interface Delivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const clock = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
const toFen = (y: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(y);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : NaN;
};
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startAlipayStandin(options: AlipayStandinOptions = {}) {
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const appId = options.appId ?? '2021000000000001';
  const sellerId = options.sellerId ?? '2088000000000001';
  // Alipay's key (answers, notifications) and the app's key pair (the merchant uploads the public half).
  const alipayKey = keyPair(options.keys?.alipay);
  const appKey = keyPair(options.keys?.app);
  const trades = new Map<string, Trade>();
  const refunds = new Map<string, RefundRecord>();
  const held: Delivery[] = [];
  const behaviour = {
    drop: false,
    copies: 1,
    hold: false,
    refunds: 'instant' as 'instant' | 'processing',
    /** The next refunds fail: `refuse` answers ACQ.SYSTEM_ERROR, `lose-answer` refunds but the answer is lost. */
    refundFailure: null as null | 'refuse' | 'lose-answer',
  };
  const requests: Array<{ method: string; ok: boolean }> = [];
  const bills = new Map<string, Buffer>();
  /** Edits to the next bills (tests: a line the merchant never saw, a changed amount). */
  const billEdits: Array<(lines: string[][]) => void> = [];

  /**
   * The day's trade bill as Alipay serves it: a zip (GBK file names) with the detail file and the summary, GBK text,
   * `#` comment lines around a header and one line per trade (交易) or refund (退款, negative amounts).
   */
  function billZip(date: string): Buffer {
    const day = (text: string | undefined) => (text ?? '').slice(0, 10);
    const head = [
      '支付宝交易号',
      '商户订单号',
      '业务类型',
      '商品名称',
      '创建时间',
      '完成时间',
      '门店编号',
      '门店名称',
      '操作员',
      '终端号',
      '对方账户',
      '订单金额（元）',
      '商家实收（元）',
      '支付宝红包（元）',
      '集分宝（元）',
      '支付宝优惠（元）',
      '商家优惠（元）',
      '券核销金额（元）',
      '券名称',
      '商家红包消费金额（元）',
      '卡消费金额（元）',
      '退款批次号/请求号',
      '服务费（元）',
      '分润（元）',
      '备注',
    ];
    const lines: string[][] = [];
    const row = (t: Trade, type: string, at: string, amount: string, refundNo = '') => [
      t.trade_no ?? '',
      t.out_trade_no,
      type,
      t.subject.replace(/,/g, ' '),
      at,
      at,
      '',
      '',
      '',
      '',
      'buy***@example.com',
      amount,
      amount,
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '0.00',
      '',
      '0.00',
      '0.00',
      refundNo,
      '0.00',
      '0.00',
      '',
    ];
    for (const t of trades.values()) {
      if (t.trade_no && day(t.gmt_payment) === date) lines.push(row(t, '交易', t.gmt_payment!, t.total_amount));
    }
    for (const r of refunds.values()) {
      const t = trades.get(r.out_trade_no);
      if (t && r.status === 'REFUND_SUCCESS' && day(r.gmt_refund_pay) === date) {
        lines.push(row(t, '退款', r.gmt_refund_pay, `-${r.refund_amount}`, r.out_request_no));
      }
    }
    for (const edit of billEdits.splice(0)) edit(lines);
    const compact = date.replace(/-/g, '');
    const detail = [
      '#支付宝业务明细查询',
      `#账号：[${sellerId}]`,
      `#起始日期：[${date} 00:00:00]   终止日期：[${date} 23:59:59]`,
      '#-----------------------------------------业务明细列表----------------------------------------',
      head.join(','),
      ...lines.map((l) => l.join(',')),
      '#-----------------------------------------业务明细列表结束------------------------------------',
      `#交易合计：${lines.filter((l) => l[2] === '交易').length}笔，退款合计：${lines.filter((l) => l[2] === '退款').length}笔`,
      `#导出时间：[${clock(now())}]`,
    ].join('\r\n');
    const summary = `#支付宝业务汇总查询\r\n#账号：[${sellerId}]\r\n门店编号,门店名称,交易订单总笔数\r\n合计,,${lines.length}\r\n`;
    return zipOf([
      { name: `${sellerId}0156_${compact}_业务明细.csv`, data: gbk(detail) },
      { name: `${sellerId}0156_${compact}_业务明细(汇总).csv`, data: gbk(summary) },
    ]);
  }

  const signString = (params: Record<string, string>, omit: string[]) =>
    Object.keys(params)
      .filter((k) => !omit.includes(k) && params[k] !== '' && params[k] !== undefined)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
  const sign = (text: string) => createSign('RSA-SHA256').update(text, 'utf8').sign(alipayKey.privateKey, 'base64');
  const verifyOurs = (params: Record<string, string>) =>
    params.sign_type === 'RSA2' &&
    createVerify('RSA-SHA256')
      .update(signString(params, ['sign']), 'utf8')
      .verify(appKey.publicKey, params.sign ?? '', 'base64');

  function notice(t: Trade, extra: Record<string, string> = {}): Delivery {
    const fields: Record<string, string> = {
      notify_time: clock(now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      app_id: appId,
      auth_app_id: appId,
      seller_id: sellerId,
      buyer_id: '2088102177846880',
      out_trade_no: t.out_trade_no,
      trade_no: t.trade_no ?? '',
      trade_status: t.status,
      total_amount: t.total_amount,
      receipt_amount: t.total_amount,
      buyer_pay_amount: t.total_amount,
      subject: t.subject,
      gmt_create: clock(now()),
      ...(t.gmt_payment ? { gmt_payment: t.gmt_payment } : {}),
      ...extra,
    };
    fields.sign = sign(signString(fields, ['sign', 'sign_type']));
    return {
      url: t.notify_url,
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body: new URLSearchParams(fields).toString(),
    };
  }

  const refundNotice = (t: Trade, r: RefundRecord) =>
    notice(t, {
      out_biz_no: r.out_request_no,
      refund_fee: r.refund_amount,
      gmt_refund: `${r.gmt_refund_pay}.000`,
    });

  async function deliver(d: Delivery): Promise<string> {
    try {
      const res = await fetch(d.url, {
        method: 'POST',
        headers: d.headers,
        body: d.body,
        signal: AbortSignal.timeout(5000),
      });
      return await res.text();
    } catch (err) {
      log(`[alipay stand-in] notification to ${d.url} failed: ${(err as Error).message}`);
      return '';
    }
  }
  async function send(d: Delivery): Promise<string[]> {
    if (behaviour.drop) return [];
    if (behaviour.hold) {
      held.push(d);
      return [];
    }
    const out: string[] = [];
    for (let i = 0; i < behaviour.copies; i++) out.push(await deliver(d));
    return out;
  }

  async function pay(outTradeNo: string): Promise<{ paid: boolean; replies: string[]; error?: string }> {
    const t = trades.get(outTradeNo);
    if (!t) return { paid: false, replies: [], error: 'ACQ.TRADE_NOT_EXIST' };
    if (t.status === 'TRADE_CLOSED') return { paid: false, replies: [], error: 'ACQ.TRADE_HAS_CLOSE' };
    if (t.status === 'WAIT_BUYER_PAY') {
      if (t.time_expire && Date.parse(`${t.time_expire.replace(' ', 'T')}+08:00`) <= now()) {
        return { paid: false, replies: [], error: 'ACQ.TRADE_HAS_CLOSE' };
      }
      t.status = 'TRADE_SUCCESS';
      t.trade_no = `2026${randomBytes(10).toString('hex').replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`;
      t.gmt_payment = clock(now());
      log(`[alipay stand-in] paid ${t.out_trade_no}: ¥${t.total_amount}`);
    }
    return { paid: true, replies: await send(notice(t)) };
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------------

  function answer(res: http.ServerResponse, method: string, payload: Record<string, unknown>) {
    const key = `${method.replace(/\./g, '_')}_response`;
    const inner = JSON.stringify(payload);
    const body = `{"${key}":${inner},"sign":"${sign(inner)}"}`;
    res
      .writeHead(200, { 'content-type': 'application/json;charset=utf-8', trace_id: randomBytes(8).toString('hex') })
      .end(body);
  }
  const ok = (extra: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...extra });
  const bad = (sub: string, msg: string, code = '40004') => ({
    code,
    msg: 'Business Failed',
    sub_code: sub,
    sub_msg: msg,
  });

  async function readBody(req: http.IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function cashier(res: http.ServerResponse, t: Trade, params: string) {
    const page = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>支付宝 (stand-in)</title><style>body{font-family:sans-serif;max-width:420px;margin:24px auto;padding:0 16px}
button{width:100%;padding:14px;margin-top:12px;font-size:17px;border:0;border-radius:8px}.pay{background:#1677ff;color:#fff}.amount{font-size:32px;font-weight:600}</style></head>
<body><p>Alipay stand-in · 支付宝（本地替身）</p><p>${escapeHtml(t.subject)}</p><p class="amount" data-testid="standin-amount">¥${escapeHtml(t.total_amount)}</p>
<form method="post" action="/standin/pay?${escapeHtml(params)}"><button class="pay" data-testid="standin-pay">确认付款 Pay</button></form>
<p><a href="${escapeHtml(t.quit_url ?? t.return_url)}" data-testid="standin-cancel">取消 Cancel</a></p></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
  }

  /** The synchronous return: the browser goes back to return_url with signed parameters, as Alipay does. */
  function returnTo(t: Trade) {
    const fields: Record<string, string> = {
      charset: 'utf-8',
      out_trade_no: t.out_trade_no,
      method: `${t.method}.return`,
      total_amount: t.total_amount,
      trade_no: t.trade_no ?? '',
      auth_app_id: appId,
      version: '1.0',
      app_id: appId,
      sign_type: 'RSA2',
      seller_id: sellerId,
      timestamp: clock(now()),
    };
    fields.sign = sign(signString(fields, ['sign', 'sign_type']));
    const url = new URL(t.return_url);
    for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
    return url.toString();
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', baseUrl);
    const body = await readBody(req);
    if (url.pathname === '/standin/pay' && req.method === 'POST') {
      const t = trades.get(url.searchParams.get('out_trade_no') ?? '');
      if (!t) return void res.writeHead(404).end('no such trade');
      await pay(t.out_trade_no);
      return void res.writeHead(303, { location: returnTo(t) }).end();
    }
    if (url.pathname === '/standin/bill' && req.method === 'GET') {
      const zip = bills.get(url.searchParams.get('token') ?? '');
      if (!zip) return void res.writeHead(404).end('no such bill');
      return void res.writeHead(200, { 'content-type': 'application/zip' }).end(zip);
    }
    if (url.pathname !== '/gateway.do') return void res.writeHead(404).end('not found');
    const params: Record<string, string> = {};
    for (const [k, v] of url.searchParams) params[k] = v;
    for (const [k, v] of new URLSearchParams(body)) params[k] = v;
    const method = params.method ?? '';
    const signed = verifyOurs(params) && params.app_id === appId;
    requests.push({ method, ok: signed });
    let biz: Record<string, string> = {};
    try {
      biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    } catch {
      biz = {};
    }

    if (req.method === 'GET' && (method === 'alipay.trade.wap.pay' || method === 'alipay.trade.page.pay')) {
      if (!signed) {
        return void res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end('<p>错误代码 invalid-signature 验签出错</p>');
      }
      const fen = toFen(biz.total_amount ?? '');
      if (!biz.out_trade_no || !Number.isFinite(fen) || fen <= 0) {
        return void res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end('<p>参数错误 total_amount</p>');
      }
      let t = trades.get(biz.out_trade_no);
      if (t && (t.total_amount !== biz.total_amount || t.method !== method)) {
        return void res
          .writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
          .end('<p>交易信息被篡改 ACQ.TRADE_INFO_CHANGED</p>');
      }
      if (!t) {
        t = {
          out_trade_no: biz.out_trade_no,
          total_amount: biz.total_amount!,
          subject: biz.subject ?? '',
          method,
          notify_url: params.notify_url ?? '',
          return_url: params.return_url ?? '',
          ...(biz.quit_url ? { quit_url: biz.quit_url } : {}),
          ...(biz.time_expire ? { time_expire: biz.time_expire } : {}),
          status: 'WAIT_BUYER_PAY',
          refunded_fen: 0,
        };
        trades.set(t.out_trade_no, t);
      }
      if (t.status !== 'WAIT_BUYER_PAY') {
        return void res
          .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
          .end(`<p>该笔交易${t.status === 'TRADE_CLOSED' ? '已关闭' : '已支付'}</p>`);
      }
      return cashier(res, t, new URLSearchParams({ out_trade_no: t.out_trade_no }).toString());
    }

    if (!signed) return answer(res, method, bad('isv.invalid-signature', '验签出错', '40002'));
    const t = trades.get(biz.out_trade_no ?? '');
    switch (method) {
      case 'alipay.trade.query':
        if (!t) return answer(res, method, bad('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        return answer(
          res,
          method,
          ok({
            out_trade_no: t.out_trade_no,
            trade_status: t.status,
            total_amount: t.total_amount,
            ...(t.trade_no
              ? { trade_no: t.trade_no, send_pay_date: t.gmt_payment, buyer_pay_amount: t.total_amount }
              : {}),
          }),
        );
      case 'alipay.trade.close':
        if (!t) return answer(res, method, bad('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (t.status !== 'WAIT_BUYER_PAY') return answer(res, method, bad('ACQ.TRADE_STATUS_ERROR', '交易状态不合法'));
        t.status = 'TRADE_CLOSED';
        return answer(res, method, ok({ out_trade_no: t.out_trade_no }));
      case 'alipay.trade.refund': {
        if (!t || !t.trade_no) return answer(res, method, bad('ACQ.TRADE_NOT_EXIST', '交易不存在'));
        if (behaviour.refundFailure === 'refuse') {
          return answer(res, method, bad('ACQ.SYSTEM_ERROR', '系统错误', '20000'));
        }
        const no = biz.out_request_no ?? t.out_trade_no;
        const known = refunds.get(no);
        if (known) {
          // The same out_request_no again: the refund already made, never a second one.
          return answer(
            res,
            method,
            ok({
              trade_no: t.trade_no,
              out_trade_no: t.out_trade_no,
              refund_fee: known.refund_amount,
              fund_change: 'N',
            }),
          );
        }
        const fen = toFen(biz.refund_amount ?? '');
        if (!Number.isFinite(fen) || fen <= 0 || t.refunded_fen + fen > toFen(t.total_amount)) {
          return answer(res, method, bad('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限'));
        }
        const r: RefundRecord = {
          out_trade_no: t.out_trade_no,
          out_request_no: no,
          refund_amount: biz.refund_amount!,
          gmt_refund_pay: clock(now()),
          status: behaviour.refunds === 'instant' ? 'REFUND_SUCCESS' : 'PROCESSING',
        };
        refunds.set(no, r);
        t.refunded_fen += fen;
        if (t.refunded_fen === toFen(t.total_amount)) t.status = 'TRADE_CLOSED';
        log(`[alipay stand-in] refund ${no} of ${t.out_trade_no}: ¥${r.refund_amount}`);
        // Alipay notifies a refund as a trade notice naming it (out_biz_no) with the amount given back.
        if (r.status === 'REFUND_SUCCESS') void send(refundNotice(t, r));
        if (behaviour.refundFailure === 'lose-answer') return void res.writeHead(502).end('bad gateway');
        return answer(
          res,
          method,
          ok({
            trade_no: t.trade_no,
            out_trade_no: t.out_trade_no,
            refund_fee: r.refund_amount,
            fund_change: r.status === 'REFUND_SUCCESS' ? 'Y' : 'N',
            gmt_refund_pay: r.gmt_refund_pay,
          }),
        );
      }
      case 'alipay.trade.fastpay.refund.query': {
        const r = refunds.get(biz.out_request_no ?? '');
        if (!r) return answer(res, method, ok({ out_trade_no: biz.out_trade_no }));
        return answer(
          res,
          method,
          ok({
            out_trade_no: r.out_trade_no,
            out_request_no: r.out_request_no,
            refund_amount: r.refund_amount,
            refund_status: r.status === 'REFUND_SUCCESS' ? 'REFUND_SUCCESS' : undefined,
            gmt_refund_pay: r.gmt_refund_pay,
          }),
        );
      }
      case 'alipay.data.dataservice.bill.downloadurl.query': {
        const date = biz.bill_date ?? '';
        if (biz.bill_type !== 'trade' || !/^\d{4}-\d\d-\d\d$/.test(date)) {
          return answer(res, method, bad('isp.bill_type_or_date_invalid', '账单类型或日期不合法', '40004'));
        }
        const token = randomBytes(8).toString('hex');
        bills.set(token, billZip(date));
        return answer(res, method, ok({ bill_download_url: `${baseUrl}/standin/bill?token=${token}` }));
      }
      default:
        return answer(res, method, bad('isv.invalid-method', `不存在的方法名 ${method}`, '40002'));
    }
  }

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      log(`[alipay stand-in] ${(err as Error).stack ?? err}`);
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${(server.address() as AddressInfo).port}`;

  return {
    url: baseUrl,
    gateway: `${baseUrl}/gateway.do`,
    appId,
    sellerId,
    /** What the merchant configures: the app's private key and Alipay's public key. */
    appPrivateKeyPem: appKey.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKeyPem: alipayKey.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    behaviour,
    trades,
    refunds,
    requests,
    held,
    pay,
    /** A signed notification about a trade, fields overridden (tests: wrong amount, other seller, …). */
    notice: (outTradeNo: string, extra: Record<string, string> = {}) => notice(trades.get(outTradeNo)!, extra),
    deliver,
    async flush() {
      const out: string[] = [];
      for (const d of held.splice(0)) out.push(await deliver(d));
      return out;
    },
    billEdits,
    /** PROCESSING refunds finish (and are notified). */
    async settleRefunds() {
      for (const r of refunds.values()) {
        if (r.status === 'REFUND_SUCCESS') continue;
        r.status = 'REFUND_SUCCESS';
        const t = trades.get(r.out_trade_no);
        if (t) await send(refundNotice(t, r));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type AlipayStandin = Awaited<ReturnType<typeof startAlipayStandin>>;

let gbkTable: Map<string, Buffer> | null = null;
/** Text in GBK, as Alipay's bills are (Node decodes GBK but has no encoder: the table is built from the decoder). */
function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let hi = 0x81; hi <= 0xfe; hi++) {
      for (let lo = 0x40; lo <= 0xfe; lo++) {
        if (lo === 0x7f) continue;
        const ch = decoder.decode(Buffer.from([hi, lo]));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, Buffer.from([hi, lo]));
      }
    }
  }
  const out: Buffer[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out.push(code < 0x80 ? Buffer.from([code]) : (gbkTable.get(ch) ?? Buffer.from('?')));
  }
  return Buffer.concat(out);
}

/** A zip archive of deflated files with GBK names (no UTF-8 flag), as Alipay's bill downloads are. */
function zipOf(files: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = gbk(f.name);
    const packed = deflateRawSync(f.data);
    const crc = crc32(f.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(f.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(f.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += 30 + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
