import { randomBytes } from 'node:crypto';
import type { AuthResult, WxOauthUrl, WxOauthUrlQuery } from '../../../../types/api/accounts';
import { ErrorCode } from '../../../../types/errors';
import { QUANTITY_MAX } from '../../../../types/menu-choice';
import type { RateLimiter } from '../../auth/rate-limit';
import { hashToken } from '../../auth/sessions';
import { AppError, conflict, invalidField } from '../../errors';
import { SANDBOX_OA_PERSON, WechatError, type Wechat } from '../../integrations/wechat';
import type { AppUnitOfWork } from '../repositories';
import type { RequestContext } from './context';
import type { AccountsCore } from './core';
import { limited, LIMITS } from './limits';
import { uniqueViolation } from './repository';

/** One WeChat identity: an openid of one app (mini program or official account), and the person's unionid. */
export interface WechatWho {
  app: 'mp' | 'oa';
  appid: string;
  openid: string;
  unionid?: string;
}

interface LinkPlan {
  already: boolean;
  /** WeChat-only accounts of the same person, merged into the target (their data moves) and deleted. */
  absorb: number[];
}

export interface WechatLoginDeps {
  uow: AppUnitOfWork;
  limiter: RateLimiter;
  wechat: Wechat;
  now: () => number;
  log: (msg: string, err?: unknown) => void;
}

const stateInvalid = () => new AppError(ErrorCode.Forbidden, 'account.oauth_state_invalid');

/**
 * WeChat logins and account linking.
 *
 * Sign-in (no session): the identity's account; else the account of another identity with the same unionid
 * (the same person on the other platform), linking this one to it; else a new WeChat-only account.
 *
 * Linking (a session, or an e-mail login with a mini program code): the identity joins the target account when it
 * is free. When it (or the same unionid) belongs to another account, that account is merged into the target only
 * if it is WeChat-only (no e-mail, phone or password): everything it owns (addresses, cart, orders, vouchers,
 * wallet ledger and balance, reviews, identities...) moves to the target in one transaction and it is deleted
 * (accounts/repository.ts MERGE_STEPS). Otherwise 1005: this WeChat belongs to another account.
 * A target already linked to a different WeChat user of the same app also answers 1005.
 */
export function createWechatLogin(deps: WechatLoginDeps, core: AccountsCore) {
  const { uow, limiter, wechat, now } = deps;
  const repo = uow.repos.accounts;

  async function exchange(app: 'mp' | 'oa', code: string): Promise<WechatWho> {
    try {
      if (app === 'mp') {
        // The session key stays here: nothing needs it yet, and it must never reach the client.
        const { openid, unionid } = await wechat.miniProgramCodeToSession(code);
        return { app, appid: wechat.miniProgramAppId, openid, ...(unionid ? { unionid } : {}) };
      }
      const { openid, unionid } = await wechat.officialAccountCodeToUser(code);
      return { app, appid: wechat.officialAccountAppId, openid, ...(unionid ? { unionid } : {}) };
    } catch (e) {
      if (e instanceof WechatError && e.kind === 'invalid_code')
        throw invalidField('code', 'account.wechat_code_invalid');
      deps.log('WeChat code exchange failed', e);
      throw new AppError(ErrorCode.Unavailable, 'account.wechat_unavailable');
    }
  }

  async function mergeable(userId: number): Promise<boolean> {
    const user = await repo.userById(userId);
    if (!user) return false;
    return user.password_hash === null && user.email === null && user.phone === null;
  }

  async function planLink(target: number, who: WechatWho): Promise<LinkPlan> {
    const mine = await repo.identitiesOf(target);
    if (mine.some((i) => i.appid === who.appid && i.openid === who.openid)) return { already: true, absorb: [] };
    if (mine.some((i) => i.appid === who.appid)) throw conflict('account.wechat_other_linked');
    const owners = new Set<number>();
    const direct = await repo.identityByOpenid(who.appid, who.openid);
    if (direct) owners.add(direct.user_id);
    if (who.unionid) for (const i of await repo.identitiesByUnionid(who.unionid)) owners.add(i.user_id);
    owners.delete(target);
    // After the merge the target may hold one identity per app: refuse when two WeChat users of one app would meet.
    const openidByApp = new Map<string, string>(mine.map((i) => [i.appid, i.openid]));
    openidByApp.set(who.appid, who.openid);
    for (const owner of owners) {
      if (!(await mergeable(owner))) throw conflict('account.wechat_taken');
      for (const i of await repo.identitiesOf(owner)) {
        const seen = openidByApp.get(i.appid);
        if (seen !== undefined && seen !== i.openid) throw conflict('account.wechat_taken');
        openidByApp.set(i.appid, i.openid);
      }
    }
    return { already: false, absorb: [...owners] };
  }

  async function applyLink(target: number, who: WechatWho, plan: LinkPlan) {
    try {
      await uow.transaction(async ({ accounts }) => {
        for (const other of plan.absorb) {
          // Someone gave that account an e-mail, phone or password since the plan: no longer ours to merge.
          if (!(await accounts.mergeUser(other, target, now(), QUANTITY_MAX))) throw conflict('account.wechat_taken');
        }
        const existing = await accounts.identityByOpenid(who.appid, who.openid);
        if (!existing) {
          await accounts.insertIdentity({ user_id: target, ...who, unionid: who.unionid ?? null, created_at: now() });
        } else if (!existing.unionid && who.unionid) {
          await accounts.setUnionid(existing.id, who.unionid);
        }
      });
    } catch (e) {
      // Someone linked the same identity a moment earlier.
      if (uniqueViolation(e)) throw conflict('account.wechat_taken');
      throw e;
    }
  }

  /** Links or refuses with 1005; true when something was linked. */
  async function link(target: number, who: WechatWho): Promise<boolean> {
    const plan = await planLink(target, who);
    if (plan.already) return false;
    await applyLink(target, who, plan);
    return true;
  }

  /** Links when possible; never fails (used by the e-mail login). */
  async function linkQuietly(target: number, who: () => Promise<WechatWho>): Promise<boolean> {
    try {
      return await link(target, await who());
    } catch (e) {
      if (!(e instanceof AppError)) deps.log('WeChat linking at login failed', e);
      return false;
    }
  }

  async function signIn(who: WechatWho, ctx: RequestContext): Promise<AuthResult> {
    if (ctx.userId !== undefined) {
      const linked = await link(ctx.userId, who);
      return core.issue(ctx.userId, ctx, { is_new: false, wechat_linked: linked });
    }
    const direct = await repo.identityByOpenid(who.appid, who.openid);
    if (direct) {
      if (!direct.unionid && who.unionid) await repo.setUnionid(direct.id, who.unionid);
      return core.issue(direct.user_id, ctx, { is_new: false, wechat_linked: false });
    }
    const sibling = who.unionid ? (await repo.identitiesByUnionid(who.unionid))[0] : undefined;
    if (sibling) {
      await applyLink(sibling.user_id, who, { already: false, absorb: [] });
      return core.issue(sibling.user_id, ctx, { is_new: false, wechat_linked: true });
    }
    const at = now();
    let userId: number;
    try {
      userId = await uow.transaction(async ({ accounts }) => {
        const id = await accounts.insertUser({
          name: '',
          nickname: `${ctx.lang === 'en' ? 'WeChat user ' : '微信用户'}${who.openid.slice(-4)}`,
          email: null,
          phone: null,
          password_hash: null,
          language: ctx.lang,
          default_address_id: null,
          created_at: at,
          updated_at: at,
        });
        await accounts.insertIdentity({ user_id: id, ...who, unionid: who.unionid ?? null, created_at: at });
        return id;
      });
    } catch (e) {
      // The same first login twice at once: the other request created the account; use it.
      const winner = uniqueViolation(e) ? await repo.identityByOpenid(who.appid, who.openid) : undefined;
      if (!winner) throw e;
      return core.issue(winner.user_id, ctx, { is_new: false, wechat_linked: false });
    }
    return core.issue(userId, ctx, { is_new: true, wechat_linked: false });
  }

  /** The allowed origin of OAuth return pages: the site's configured origin (never the request's Host header). */
  function checkRedirect(redirect: string, siteOrigin: string): string {
    let origin: string;
    let url: URL;
    try {
      // Normalised, so an explicit default port (Host: example.com:80) still matches.
      origin = new URL(siteOrigin).origin;
      url = new URL(redirect, `${origin}/`);
    } catch {
      throw invalidField('redirect', 'account.redirect_invalid');
    }
    if (!/^https?:$/.test(url.protocol) || url.origin !== origin)
      throw invalidField('redirect', 'account.redirect_invalid');
    return url.href;
  }

  return {
    async miniLogin(code: string, ctx: RequestContext): Promise<AuthResult> {
      if (!code.trim()) throw invalidField('code', 'account.wechat_code_required');
      return signIn(await exchange('mp', code.trim()), ctx);
    },

    async oauthUrl(query: WxOauthUrlQuery, ctx: RequestContext): Promise<WxOauthUrl> {
      const redirectUri = checkRedirect(query.redirect, ctx.origin);
      if (await limiter.reserve(limited.oauthIp(ctx.ip))) {
        throw new AppError(ErrorCode.RateLimited, 'error.rate_limited');
      }
      const state = randomBytes(24).toString('base64url');
      const at = now();
      const expiresAt = at + LIMITS.oauthStateTtlMs;
      await repo.insertState({
        state_hash: hashToken(state),
        user_id: ctx.userId ?? null,
        redirect_uri: redirectUri,
        created_at: at,
        expires_at: expiresAt,
      });
      return { url: wechat.authorizeUrl({ redirectUri, state, scope: query.scope }), state, expires_at: expiresAt };
    },

    /**
     * The state must be ours, unused, unexpired and issued to the same session (none for a sign-in): this stops
     * a forged callback from signing someone into, or linking, an account that did not start the login.
     */
    async publicLogin(code: string, state: string, ctx: RequestContext): Promise<AuthResult> {
      if (!code.trim()) throw invalidField('code', 'account.wechat_code_required');
      if (!state.trim()) throw invalidField('state', 'account.oauth_state_required');
      const row = await repo.stateByHash(hashToken(state.trim()));
      const at = now();
      if (!row || row.used_at !== null || Number(row.expires_at) <= at) throw stateInvalid();
      if ((row.user_id ?? undefined) !== ctx.userId) throw stateInvalid();
      if (!(await repo.useState(row.id, at))) throw stateInvalid();
      return signIn(await exchange('oa', code.trim()), ctx);
    },

    /** The sandbox authorize page returns only to the page an unused state was issued for (no open redirect). */
    async sandboxReturnUrl(redirectUri: string, state: string): Promise<string | undefined> {
      const row = await repo.stateByHash(hashToken(state));
      if (!row || row.used_at !== null || Number(row.expires_at) <= now() || row.redirect_uri !== redirectUri) {
        return undefined;
      }
      const url = new URL(redirectUri);
      const code = wechat.sandboxCode?.(SANDBOX_OA_PERSON);
      if (!code) return undefined;
      url.searchParams.set('code', code);
      url.searchParams.set('state', state);
      return url.href;
    },

    /** For the e-mail login: link the mini program identity of `code`, if it is free. */
    linkMiniCodeQuietly: (target: number, code: string) => linkQuietly(target, () => exchange('mp', code)),

    /**
     * For the e-mail login with the session of a WeChat-only account: merges it into the account logged in to,
     * when it may be merged (see above). True when merged.
     */
    async absorbQuietly(target: number, other: number): Promise<boolean> {
      if (target === other) return false;
      const identities = await repo.identitiesOf(other);
      if (identities.length === 0) return false;
      let linked = false;
      for (const who of identities) {
        const { app, appid, openid } = who;
        const w = { app, appid, openid, ...(who.unionid ? { unionid: who.unionid } : {}) };
        linked = (await linkQuietly(target, async () => w)) || linked;
      }
      return linked;
    },
  };
}

export type WechatLogin = ReturnType<typeof createWechatLogin>;
