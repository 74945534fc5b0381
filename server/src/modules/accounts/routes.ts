import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import {
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
} from '../../../../types/api/accounts';
import { Envelope, ErrorEnvelope, FieldErrorEnvelope } from '../../../../types/api/common';
import type { Platform } from '../../auth/sessions';
import type { Config } from '../../config';
import { publicOrigin } from '../../config/safety';
import { requireUser, userIdOf } from '../../plugins/app/auth';
import { ok } from '../../plugins/app/envelope';
import type { RouteDeps } from '../container';
import type { RequestContext } from './context';

const errors = {
  400: FieldErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
  429: ErrorEnvelope,
  503: ErrorEnvelope,
};
const tags = ['accounts'];
const bearer = [{ bearer: [] }];

/** Mini program requests carry WeChat's referer (https://servicewechat.com/<appid>/...). */
function platformOf(req: FastifyRequest): Platform {
  return /^https:\/\/servicewechat\.com\//.test(req.headers.referer ?? '') ? 'weapp' : 'h5';
}

/** The request's context; `origin` is the configured site origin, never the request's Host header. */
function contextFor(config: Config) {
  return (req: FastifyRequest): RequestContext => ({
    ip: req.ip,
    lang: req.lang,
    ...(req.userId !== undefined ? { userId: req.userId } : {}),
    ...(req.sessionId !== undefined ? { sessionId: req.sessionId } : {}),
    platform: platformOf(req),
    origin: publicOrigin(config, req.socket?.localPort),
  });
}

export const accountsRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { services, integrations, config }) => {
  const service = services.accounts;
  const contextOf = contextFor(config);

  app.post(
    '/reg',
    {
      schema: {
        tags,
        summary: 'Registers a customer (with their first address) and signs them in',
        body: RegisterBody,
        response: { 200: Envelope(AuthResult), ...errors },
      },
    },
    async (req) => ok(req, await service.register(req.body, contextOf(req))),
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'E-mail and password login; answers data.access_token',
        body: LoginBody,
        response: { 200: Envelope(AuthResult), ...errors },
      },
    },
    async (req) => ok(req, await service.login(req.body, contextOf(req))),
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'The signed-in account, with the restaurants it works for (memberships)',
        response: { 200: Envelope(UserInfo), ...errors },
      },
    },
    async (req) => ok(req, await service.me(userIdOf(req), contextOf(req))),
  );

  app.post(
    '/logout',
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Ends this session on the server',
        response: { 200: Envelope(Type.Null()), ...errors },
      },
    },
    async (req) => {
      await service.logout(req.sessionId!);
      return ok(req, null);
    },
  );

  app.post(
    '/wxminilogin',
    {
      schema: {
        tags,
        summary: 'Mini program login with a wx.login code (links it when signed in)',
        body: WxMiniLoginBody,
        response: { 200: Envelope(AuthResult), ...errors },
      },
    },
    async (req) => ok(req, await service.wxMiniLogin(req.body.code, contextOf(req))),
  );

  app.get(
    '/wxoauthurl',
    {
      schema: {
        tags,
        summary: 'Starts the official-account login: one-time state and the WeChat authorize URL',
        querystring: WxOauthUrlQuery,
        response: { 200: Envelope(WxOauthUrl), ...errors },
      },
    },
    async (req) => ok(req, await service.wxOauthUrl(req.query, contextOf(req))),
  );

  app.post(
    '/wxpubliclogin',
    {
      schema: {
        tags,
        summary: 'Official-account login with the OAuth code and state (links it when signed in)',
        body: WxPublicLoginBody,
        response: { 200: Envelope(AuthResult), ...errors },
      },
    },
    async (req) => ok(req, await service.wxPublicLogin(req.body.code, req.body.state, contextOf(req))),
  );

  app.post(
    '/resetpwdsms',
    {
      schema: {
        tags,
        summary: 'Sends a password-reset code by SMS (same answer for unknown phones)',
        body: ResetPwdSmsBody,
        response: { 200: Envelope(ResetPwdSms), ...errors },
      },
    },
    async (req) => ok(req, await service.resetPasswordSms(req.body.phone, contextOf(req))),
  );

  app.post(
    '/savenewpwd',
    {
      schema: {
        tags,
        summary: 'Sets a new password with the SMS code; ends every session',
        body: SaveNewPwdBody,
        response: { 200: Envelope(Type.Null()), ...errors },
      },
    },
    async (req) => {
      await service.saveNewPassword(req.body, contextOf(req));
      return ok(req, null);
    },
  );

  if (integrations.wechat.mode === 'sandbox') {
    // Stands in for WeChat's authorize page: returns at once with a sandbox code for the one sandbox WeChat user.
    app.get(
      '/wxsandbox/authorize',
      {
        schema: {
          hide: true,
          querystring: Type.Object({
            redirect_uri: Type.String(),
            state: Type.String(),
            scope: Type.Optional(Type.String()),
          }),
        },
      },
      async (req, reply) => {
        const url = await service.wxSandboxReturnUrl(req.query.redirect_uri, req.query.state);
        if (!url) return reply.status(403).type('text/plain; charset=utf-8').send('Unknown or used OAuth state.');
        return reply.redirect(url, 302);
      },
    );
  }
};
