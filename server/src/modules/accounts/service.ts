import type {
  AuthResult,
  LoginBody,
  RegisterBody,
  ResetPwdSms,
  SaveNewPwdBody,
  UserInfo,
  WxOauthUrl,
  WxOauthUrlQuery,
} from '../../../../types/api/accounts';
import type { Integrations } from '../../integrations';
import type { RequestContext } from './context';
import type { AccountsRepository } from './repository';
import { createAccountsCore, type AccountsDeps } from './core';
import { createPasswordReset } from './password-reset';
import { createWechatLogin } from './wechat-login';

/** The core's dependencies plus what WeChat login and password reset need. */
export interface AccountsServiceDeps extends AccountsDeps {
  integrations: Pick<Integrations, 'wechat' | 'sms'>;
  log: (msg: string, err?: unknown) => void;
  /** SESSION_IDLE_DAYS: a session unused this long has ended (the purge keeps it a week more). */
  sessionIdleDays: number;
}

/** Everything the account calls do, one method per endpoint. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const core = createAccountsCore(deps);
  const wechat = createWechatLogin({ ...deps, wechat: deps.integrations.wechat }, core);
  const reset = createPasswordReset({ ...deps, sms: deps.integrations.sms });

  return {
    register: (body: RegisterBody, ctx: RequestContext): Promise<AuthResult> => core.register(body, ctx),

    /**
     * E-mail login. Linking never fails it: a mini program `code` links that WeChat identity when free, and the
     * session of a WeChat-only account is merged into the account logged in to (its data moves with it).
     */
    async login(body: LoginBody, ctx: RequestContext): Promise<AuthResult> {
      const user = await core.authenticate(body.email, body.password, ctx);
      let linked = false;
      if (body.code.trim()) linked = await wechat.linkMiniCodeQuietly(user.id, body.code.trim());
      if (ctx.userId !== undefined) linked = (await wechat.absorbQuietly(user.id, ctx.userId)) || linked;
      return core.issue(user.id, ctx, { is_new: false, wechat_linked: linked });
    },

    me: (userId: number, ctx: RequestContext): Promise<UserInfo> => core.me(userId, ctx.lang),

    logout: (sessionId: number) => deps.sessions.revoke(sessionId),

    wxMiniLogin: (code: string, ctx: RequestContext) => wechat.miniLogin(code, ctx),
    wxOauthUrl: (query: WxOauthUrlQuery, ctx: RequestContext): Promise<WxOauthUrl> => wechat.oauthUrl(query, ctx),
    wxPublicLogin: (code: string, state: string, ctx: RequestContext) => wechat.publicLogin(code, state, ctx),
    wxSandboxReturnUrl: wechat.sandboxReturnUrl,

    /** The job runner's purge: expired codes, ended sessions, OAuth states and old rate counters. */
    purgeExpired: (at: number) => deps.uow.repos.accounts.purgeExpired(at, deps.sessionIdleDays),

    /**
     * How the customer signs what they publish (their name, masked as reviews show it: first character and "**")
     * and their mini program openid, which WeChat's content checks need (absent for a customer who never used it).
     */
    async author(userId: number): Promise<{ name: string; miniProgramOpenid?: string }> {
      const [user, identities] = await Promise.all([
        deps.uow.repos.accounts.userById(userId),
        deps.uow.repos.accounts.identitiesOf(userId),
      ]);
      const first = [...(user?.nickname || user?.name || '').trim()][0];
      const mp = identities.find((i) => i.app === 'mp' && i.appid === deps.integrations.wechat.miniProgramAppId);
      return { name: first ? `${first}**` : '**', ...(mp ? { miniProgramOpenid: mp.openid } : {}) };
    },

    resetPasswordSms: (phone: string, ctx: RequestContext): Promise<ResetPwdSms> => reset.sendCode(phone, ctx),
    saveNewPassword: (body: SaveNewPwdBody, ctx: RequestContext) => reset.savePassword(body, ctx),

    /** An account by its e-mail or mobile number (the merchants' invitations), or undefined. */
    userByContact: (contact: string) => userByContact(deps.uow.repos.accounts, contact),

    /** The customer's openid in a WeChat app (mp: mini program, oa: official account), the newest; null when none. */
    async openidOf(userId: number, app: 'mp' | 'oa'): Promise<string | null> {
      const mine = (await deps.uow.repos.accounts.identitiesOf(userId)).filter((i) => i.app === app);
      return mine.at(-1)?.openid ?? null;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** An account by its e-mail (any case) or mobile number, with its contact; undefined when none. */
export async function userByContact(
  repo: Pick<AccountsRepository, 'userByEmail' | 'userByPhone'>,
  contact: string,
): Promise<{ id: number; name: string; email: string | null; phone: string | null } | undefined> {
  const value = contact.trim();
  const user = value.includes('@') ? await repo.userByEmail(value.toLowerCase()) : await repo.userByPhone(value);
  return user ? { id: user.id, name: user.name, email: user.email, phone: user.phone } : undefined;
}
