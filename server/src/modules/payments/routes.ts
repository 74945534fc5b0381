import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import { CheckOrderPay, CheckOrderPayQuery, PayBody, PayTicket } from '../../../../types/api/payments';
import { parseLang } from '../../../../types/lang';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { API_PREFIX, ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';
import { randomBytes } from 'node:crypto';
import { cashierError, cashierPage, ownCashierPage } from './cashier-page';
import { NOTIFY_PATH, OWN_CASHIER_PATH, SANDBOX_CASHIER_PATH, statusText, type PaymentsService } from './service';

const errors = { 400: FieldErrorEnvelope, 401: ErrorEnvelope, 404: ErrorEnvelope };
const secured = { onRequest: requireUser };
const meta = { tags: ['payments'], security: [{ bearer: [] }] };
/** The cashier's own paths under the API prefix. */
const CASHIER = SANDBOX_CASHIER_PATH.slice(API_PREFIX.length);
const TokenBody = Type.Object({ t: Type.String({ minLength: 1, maxLength: 4000 }) });

/** This site's origin: PUBLIC_BASE_URL, or the request's own (behind TRUST_PROXY's proxies, theirs). */
const originOf = (req: FastifyRequest, publicBase: string) =>
  publicBase ? publicBase.replace(/\/+$/, '') : `${req.protocol}://${req.host}`;

export const paymentsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services, config }) => {
  const service = services.payments;

  app.post(
    '/pay',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Pay an online order: the cashier page (H5) or the requestPayment parameters (mini program)',
        body: PayBody,
        response: { 200: Envelope(PayTicket), ...errors },
      },
    },
    async (req) =>
      ok(
        req,
        await service.pay(
          userIdOf(req),
          req.body,
          req.lang,
          { origin: originOf(req, config.PUBLIC_BASE_URL), apiPrefix: API_PREFIX },
          {
            ...(req.sessionPlatform ? { platform: req.sessionPlatform } : {}),
            userAgent: String(req.headers['user-agent'] ?? ''),
            ip: req.ip,
          },
        ),
      ),
  );

  app.get(
    '/check-order-pay',
    {
      ...secured,
      schema: {
        ...meta,
        summary: 'Whether the order is paid; asks the provider when no notification arrived',
        querystring: CheckOrderPayQuery,
        response: { 200: Envelope(CheckOrderPay), ...errors },
      },
    },
    async (req) => ok(req, await service.check(userIdOf(req), req.query.order_id, req.lang)),
  );

  // The provider's notification: the signature covers the exact bytes, so the body stays a string here.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
    raw.post<{ Params: { provider: string } }>(
      `${NOTIFY_PATH}/:provider`,
      { schema: { hide: true } as object },
      async (req, reply) => {
        const rawBody = typeof req.body === 'string' ? req.body : '';
        const handled = await service.notify(req.params.provider, req.headers, rawBody);
        if (!handled) return reply.status(404).type('application/json').send({ code: 'FAIL', message: 'unknown' });
        req.log.info({ outcome: handled.outcome }, 'payment notification');
        return reply.status(handled.reply.status).type(handled.reply.contentType).send(handled.reply.body);
      },
    );
  });

  await app.register(ownCashier, { service });
  if (service.hasSandbox) await app.register(sandboxCashier, { service });
};

/**
 * Our own cashier for WeChat Pay Native (a QR code on desktops) and JSAPI in the WeChat browser: GET shows it, its
 * script polls GET …/status (which asks WeChat Pay when no notification came) and moves on when paid.
 */
async function ownCashier(app: FastifyInstance, { service }: { service: PaymentsService }) {
  const page = OWN_CASHIER_PATH;
  app.get<{ Querystring: { t: string } }>(
    page,
    {
      schema: { hide: true, querystring: Type.Object({ t: Type.String({ minLength: 1, maxLength: 6000 }) }) },
    } as object,
    async (req, reply) => {
      const session = service.ownCashier(req.query.t);
      const lang = session?.lang ?? req.lang;
      const send = (status: number, html: string, nonce = '') =>
        reply
          .status(status)
          .header('cache-control', 'no-store')
          .header(
            'content-security-policy',
            `default-src 'none'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; ` +
              `script-src ${nonce ? `'nonce-${nonce}'` : "'none'"}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
          )
          .type('text/html; charset=utf-8')
          .send(html);
      if (!session) return send(400, cashierError(lang, 'cashier.invalid'));
      const nonce = randomBytes(16).toString('base64');
      let qrSvg: string | undefined;
      if (session.code_url) {
        const { default: QRCode } = await import('qrcode');
        qrSvg = await QRCode.toString(session.code_url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      }
      return send(
        200,
        ownCashierPage({
          lang,
          orderNo: session.order_no,
          amountFen: session.amount_fen,
          ...(qrSvg ? { qrSvg } : {}),
          ...(session.jsapi ? { jsapi: session.jsapi } : {}),
          statusUrl: `${API_PREFIX}${page}/status?t=${encodeURIComponent(req.query.t)}`,
          returnUrl: session.return_url,
          cancelUrl: session.cancel_url,
          nonce,
        }),
        nonce,
      );
    },
  );
  app.get<{ Querystring: { t: string } }>(
    `${page}/status`,
    {
      schema: { hide: true, querystring: Type.Object({ t: Type.String({ minLength: 1, maxLength: 6000 }) }) },
    } as object,
    async (req, reply) => {
      const status = await service.ownCashierStatus(req.query.t);
      if (!status) return reply.status(400).send({ paid: false, status: -1 });
      return reply.header('cache-control', 'no-store').send(status);
    },
  );
}

/**
 * The sandbox's cashier, a page of our own: GET shows it (in the language of the `pay` request), POST …/pay pays
 * (the sandbox signs a notification, delivered to our notify endpoint through the whole HTTP stack) and sends the
 * browser back to the return path; POST …/cancel goes back unpaid. A JSON POST …/pay answers JSON (the mini program
 * harness pays this way with the token of requestPayment's `package`).
 */
const CASHIER_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; script-src-attr 'unsafe-inline'; form-action 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'";

async function sandboxCashier(app: FastifyInstance, { service }: { service: PaymentsService }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const html = (reply: FastifyReply, status: number, page: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      // Its own inline style and the cancel confirmation's inline handler, nothing else.
      .header('content-security-policy', CASHIER_CSP)
      .type('text/html; charset=utf-8')
      .send(page);
  const langOf = (req: FastifyRequest, fallback: 'cn' | 'en') =>
    parseLang((req.query as { lang?: string } | undefined)?.lang) ?? fallback;

  app.get<{ Querystring: { t: string; lang?: string } }>(
    CASHIER,
    {
      schema: {
        hide: true,
        querystring: Type.Object({
          t: Type.String({ minLength: 1, maxLength: 4000 }),
          lang: Type.Optional(Type.String()),
        }),
      },
    } as object,
    async (req, reply) => {
      const found = await service.cashier(req.query.t);
      if (!found) return html(reply, 400, cashierError(langOf(req, req.lang), 'cashier.invalid'));
      const { session } = found;
      const lang = langOf(req, session.lang);
      if (found.expired) return html(reply, 410, cashierError(lang, 'cashier.expired', session.cancel_url));
      // Already paid, cancelled or moved on: nothing to pay here (the way back shows the order as it is).
      if (found.status !== 0) {
        const status = statusText(found.status ?? -1, lang);
        return html(reply, 409, cashierError(lang, 'pay.not_payable', session.return_url, { status }));
      }
      return html(
        reply,
        200,
        cashierPage({
          lang,
          token: req.query.t,
          orderNo: session.order_no,
          description: session.description,
          amountFen: session.amount_fen,
          action: SANDBOX_CASHIER_PATH,
        }),
      );
    },
  );

  app.post<{ Body: { t: string } }>(
    `${CASHIER}/pay`,
    { schema: { hide: true, body: TokenBody } } as object,
    async (req, reply) => {
      const json = String(req.headers['content-type'] ?? '').includes('json');
      const result = await service.cashierPay(req.body.t);
      if ('error' in result) {
        const key = result.error === 'expired' ? 'cashier.expired' : 'cashier.invalid';
        if (json) return reply.status(400).send({ code: 1001, msg: req.t(key), data: null });
        return html(reply, 400, cashierError(req.lang, key));
      }
      if (result.notification) {
        // The provider's call to our notification URL, through routing, body parsing and signature checks.
        const n = result.notification;
        const res = await app.inject({
          method: 'POST',
          url: new URL(n.url).pathname,
          headers: { ...n.headers, 'content-type': 'application/json' },
          payload: n.body,
        });
        req.log.info({ status: res.statusCode }, 'sandbox notification delivered');
      }
      if (json) return { code: 1000, msg: req.t('ok'), data: { order_id: result.session.order_id, paid: true } };
      return reply.status(303).header('cache-control', 'no-store').redirect(result.session.return_url);
    },
  );

  app.post<{ Body: { t: string } }>(
    `${CASHIER}/cancel`,
    { schema: { hide: true, body: TokenBody } } as object,
    async (req, reply) => {
      const found = await service.cashier(req.body.t);
      if (!found) return html(reply, 400, cashierError(req.lang, 'cashier.invalid'));
      return reply.status(303).redirect(found.session.cancel_url);
    },
  );
}
