import { sql } from 'kysely';
import { m0019WelcomeVoucherName } from '../../server/src/db/migrations/0019-welcome-voucher-name';
import { DEMO_USER, DEMO_WALLET_FEN } from '../../server/src/seed/accounts';
import { createAppUnitOfWork, type AppUnitOfWork } from '../../server/src/modules/repositories';
import type { WalletRef } from '../../server/src/modules/wallet/repository';
import { DIALECTS, useTestApp } from './support/app';
import { registerUser } from './support/accounts';

const PARALLEL = 50;

describe.each(DIALECTS)('wallet ledger on %s', (dialect) => {
  const t = useTestApp(dialect);
  const { api, clock } = t;
  let uow: AppUnitOfWork;
  beforeAll(async () => {
    uow = createAppUnitOfWork(t.db.kysely);
  });

  const ref = (refId: string | number, reason: WalletRef['reason'] = 'adjustment'): WalletRef => ({
    reason,
    refType: 'test',
    refId,
  });
  const credit = (userId: number, fen: number, r: WalletRef) =>
    uow.transaction((tx) => tx.wallet.credit(userId, fen, r, clock.now()));
  const debit = (userId: number, fen: number, r: WalletRef) =>
    uow.transaction((tx) => tx.wallet.debit(userId, fen, r, clock.now()));
  const balance = async (userId: number) => (await uow.repos.wallet.balance(userId))!;

  it('seeds the demo balance through ledger rows', async () => {
    const demo = await t.db.kysely
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_USER.email)
      .executeTakeFirstOrThrow();
    expect(await balance(demo.id)).toBe(DEMO_WALLET_FEN);
    expect(await uow.repos.wallet.ledgerSum(demo.id)).toBe(DEMO_WALLET_FEN);
    const me = await api.post('login', { email: DEMO_USER.email, password: DEMO_USER.password, code: '' });
    expect(me.body.data.user.wallet_balance_fen).toBe(DEMO_WALLET_FEN);
  });

  it(`${PARALLEL} parallel debits: exactly the affordable ones succeed, never below zero, SUM(ledger) = balance`, async () => {
    const u = await registerUser(api, t.place);
    expect((await credit(u.id, 10_000, ref('start'))).status).toBe('applied');
    // 10,000 fen covers 33 debits of 300 fen (9,900), not 34.
    const results = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => debit(u.id, 300, ref(`d${i}`))));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(33);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(PARALLEL - 33);
    expect(await balance(u.id)).toBe(100);
    expect(await uow.repos.wallet.ledgerSum(u.id)).toBe(100);
    const entries = await uow.repos.wallet.entries(u.id, 100);
    expect(entries).toHaveLength(34);
    // Each row's balance_after is the running total in id order: no two debits saw the same balance.
    let running = 0;
    for (const e of [...entries].reverse()) {
      running += e.amount_fen;
      expect(e.balance_after_fen).toBe(running);
      expect(e.balance_after_fen).toBeGreaterThanOrEqual(0);
    }
  });

  it(`the same move sent ${PARALLEL} times in parallel applies once`, async () => {
    const u = await registerUser(api, t.place);
    const results = await Promise.all(Array.from({ length: PARALLEL }, () => credit(u.id, 700, ref('once'))));
    expect(results.filter((r) => r.status === 'applied')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'duplicate')).toHaveLength(PARALLEL - 1);
    expect(await balance(u.id)).toBe(700);
    expect(await uow.repos.wallet.ledgerSum(u.id)).toBe(700);
    // The same reference under another reason is another move.
    expect((await debit(u.id, 700, ref('once', 'merge_out'))).status).toBe('applied');
    expect(await balance(u.id)).toBe(0);
  });

  it('refuses a debit larger than the balance, leaving no ledger row', async () => {
    const u = await registerUser(api, t.place);
    expect(await debit(u.id, 1, ref('x'))).toEqual({ status: 'insufficient' });
    expect(await uow.repos.wallet.entries(u.id)).toHaveLength(0);
    expect(await balance(u.id)).toBe(0);
  });

  it('moves only inside a unit of work, and rolls back with it', async () => {
    const u = await registerUser(api, t.place);
    await expect(uow.repos.wallet.credit(u.id, 100, ref('outside'), clock.now())).rejects.toThrow(/unit of work/);
    await expect(
      uow.transaction(async (tx) => {
        await tx.wallet.credit(u.id, 100, ref('rolled back'), clock.now());
        throw new Error('the rest of the order failed');
      }),
    ).rejects.toThrow('the rest of the order failed');
    expect(await balance(u.id)).toBe(0);
    expect(await uow.repos.wallet.entries(u.id)).toHaveLength(0);
  });

  it('a user with wallet history cannot be deleted (the ledger restricts it)', async () => {
    const u = await registerUser(api, t.place);
    await credit(u.id, 5, ref('keep'));
    const refused = await t.db.kysely
      .deleteFrom('users')
      .where('id', '=', u.id)
      .execute()
      .then(
        () => 'deleted',
        (e: { code?: string }) => e.code,
      );
    // SQLite reports ON DELETE RESTRICT as a trigger constraint.
    expect(refused).toMatch(/^(23503|SQLITE_CONSTRAINT_FOREIGNKEY|SQLITE_CONSTRAINT_TRIGGER)$/);
    expect(await balance(u.id)).toBe(5);
  });

  it('the welcome voucher is named without its terms; one given under the old name is renamed by 0019', async () => {
    const u = await registerUser(api, t.place);
    const names = () =>
      t.db.kysely
        .selectFrom('vouchers')
        .select(['name_cn', 'name_en'])
        .where('user_id', '=', u.id)
        .where('code', '=', 'welcome')
        .executeTakeFirstOrThrow();
    // The amount and minimum are shown beside the name (the vouchers page, the checkout's picker): not in it.
    expect(await names()).toEqual({ name_cn: '新人优惠券', name_en: 'Welcome voucher' });
    const old = { name_cn: '新人优惠券：满 ¥30 减 ¥10', name_en: 'Welcome voucher: ¥10 off ¥30' };
    await t.db.kysely.updateTable('vouchers').set(old).where('user_id', '=', u.id).execute();
    await m0019WelcomeVoucherName().up(t.db.kysely as never);
    expect(await names()).toEqual({ name_cn: '新人优惠券', name_en: 'Welcome voucher' });
  });

  it('bigint, SUM and COUNT come back as numbers', async () => {
    const row = await t.db.kysely
      .selectFrom('wallet_ledger')
      .select((eb) => [
        eb.fn.sum<number>('amount_fen').as('total'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.max('created_at').as('latest'),
        sql<number>`sum(balance_after_fen)`.as('raw_total'),
      ])
      .executeTakeFirstOrThrow();
    for (const value of Object.values(row)) expect(typeof value).toBe('number');
  });
});
