import type { AuthResult, Membership, RegisterBody, UserInfo } from '../../../../types/api/accounts';
import { ErrorCode } from '../../../../types/errors';
import type { Lang } from '../../../../types/lang';
import type { PasswordHasher } from '../../auth/passwords';
import type { RateLimiter } from '../../auth/rate-limit';
import type { Platform, Sessions } from '../../auth/sessions';
import { AppError, conflict, failed, invalidField } from '../../errors';
import type { MessageKey, MessageParams } from '../../i18n/messages';
import type { AddressesService } from '../addresses/service';
import type { AppUnitOfWork } from '../repositories';
import type { WalletService } from '../wallet/service';
import type { RequestContext } from './context';
import { limited, LIMITS } from './limits';
import { uniqueViolation, type UserChanges, type UserRow } from './repository';
import { checkEmail, checkRegistration } from './rules';

export interface AccountsDeps {
  uow: AppUnitOfWork;
  addresses: AddressesService;
  /** A new account's welcome voucher. */
  wallet: Pick<WalletService, 'grantWelcome'>;
  sessions: Sessions;
  limiter: RateLimiter;
  passwords: PasswordHasher;
  /** The restaurants the user works for (the merchants service), names in `lang`. */
  memberships: (userId: number, lang: Lang) => Promise<Membership[]>;
  now: () => number;
}

const rateLimited = (key: MessageKey, params?: MessageParams) => new AppError(ErrorCode.RateLimited, key, params);

/** Registration, e-mail authentication, the current user and session issuing: what every flow builds on. */
export function createAccountsCore(deps: AccountsDeps) {
  const { uow, addresses, wallet, sessions, limiter, passwords, memberships, now } = deps;
  const repo = uow.repos.accounts;

  async function userInfo(user: UserRow, lang: Lang): Promise<UserInfo> {
    const [identities, defaultAddress, restaurants] = await Promise.all([
      repo.identitiesOf(user.id),
      addresses.defaultOf(user.id, lang),
      memberships(user.id, lang),
    ]);
    return {
      id: user.id,
      name: user.name,
      nickname: user.nickname || user.name,
      phone: user.phone,
      email: user.email,
      wallet_balance_fen: Number(user.wallet_balance_fen),
      language: user.language,
      default_address: defaultAddress,
      has_password: user.password_hash !== null,
      wechat: { mp: identities.some((i) => i.app === 'mp'), oa: identities.some((i) => i.app === 'oa') },
      memberships: restaurants,
    };
  }

  async function me(userId: number, lang: Lang): Promise<UserInfo> {
    const user = await repo.userById(userId);
    // A session outliving its user (merged away) is no session.
    if (!user) throw new AppError(ErrorCode.SessionInvalid, 'error.session_invalid');
    return userInfo(user, lang);
  }

  /** A new session for the user and the answer every login gives. */
  async function issue(
    userId: number,
    ctx: { platform: Platform; lang: Lang },
    flags: { is_new: boolean; wechat_linked: boolean },
  ): Promise<AuthResult> {
    const { token, expiresAt } = await sessions.create(userId, ctx.platform);
    return { access_token: token, expires_at: expiresAt, user: await me(userId, ctx.lang), ...flags };
  }

  /**
   * A guess is reserved (e-mail and client) before the password is even looked at, the same whether or not the
   * e-mail exists: parallel guesses cannot all pass a count taken before any of them was added.
   */
  async function reserveLoginGuess(email: string, ip: string) {
    if (await limiter.reserve(limited.loginAccount(email), limited.loginIp(ip))) {
      throw rateLimited('account.login_limited', { minutes: LIMITS.loginPerAccount.windowMs / 60000 });
    }
  }

  /** The user behind e-mail + password, or one generic failure (also for unknown e-mails, in the same time). */
  async function authenticate(emailInput: string, password: string, ctx: { ip: string; lang: Lang }): Promise<UserRow> {
    const { ip } = ctx;
    const email = checkEmail(emailInput);
    if (!password) throw invalidField('password', 'account.password_required');
    await reserveLoginGuess(email, ip);
    const user = await repo.userByEmail(email);
    let good = false;
    if (user?.password_hash) good = await passwords.verify(user.password_hash, password);
    else await passwords.verifyDummy(password);
    if (!user || !good) throw failed('account.login_failed');
    // A good login is no failure: it clears the e-mail's count and gives the client's slot back.
    await Promise.all([limiter.clear(limited.loginAccount(email).key), limiter.release(limited.loginIp(ip).key)]);
    // The account's language follows the last login (for messages sent outside a request).
    const changes: UserChanges = user.language === ctx.lang ? {} : { language: ctx.lang };
    if (passwords.needsRehash(user.password_hash!)) changes.password_hash = await passwords.hash(password);
    if (Object.keys(changes).length > 0) await repo.updateUser(user.id, { ...changes, updated_at: now() });
    return user;
  }

  async function register(body: RegisterBody, ctx: RequestContext): Promise<AuthResult> {
    const clean = checkRegistration(body);
    const place = await addresses.place(clean.address);
    if (await limiter.reserve(limited.registerIp(ctx.ip))) throw rateLimited('account.register_limited');

    // With the session of a WeChat-only account, registering completes that account (one person, one account).
    const current = ctx.userId === undefined ? undefined : await repo.userById(ctx.userId);
    const upgrade = current && current.password_hash === null && current.email === null ? current : undefined;

    const byEmail = await repo.userByEmail(clean.email);
    if (byEmail && byEmail.id !== upgrade?.id) throw conflict('account.email_taken');
    const byPhone = await repo.userByPhone(clean.phone);
    if (byPhone && byPhone.id !== upgrade?.id) throw conflict('account.phone_taken');

    const passwordHash = await passwords.hash(clean.password);
    const at = now();
    let userId: number;
    try {
      userId = await uow.transaction(async (tx) => {
        const profile = {
          name: clean.name,
          nickname: clean.name,
          email: clean.email,
          phone: clean.phone,
          password_hash: passwordHash,
          language: ctx.lang,
          updated_at: at,
        };
        let id: number;
        if (upgrade) {
          id = upgrade.id;
          await tx.accounts.updateUser(id, profile);
        } else {
          id = await tx.accounts.insertUser({ ...profile, default_address_id: null, created_at: at });
        }
        const firstDefault = (upgrade?.default_address_id ?? null) === null;
        await addresses.add(tx, id, { name: clean.name, phone: clean.phone, ...place }, at, firstDefault);
        await wallet.grantWelcome(tx, id, at);
        return id;
      });
    } catch (e) {
      // Two registrations racing for one e-mail or phone: the database's unique index decides.
      const which = uniqueViolation(e);
      if (which === 'email') throw conflict('account.email_taken');
      if (which === 'phone') throw conflict('account.phone_taken');
      throw e;
    }
    return issue(userId, ctx, { is_new: !upgrade, wechat_linked: false });
  }

  return { userInfo, me, issue, authenticate, register };
}

export type AccountsCore = ReturnType<typeof createAccountsCore>;
