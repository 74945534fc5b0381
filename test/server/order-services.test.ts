import { asProviders } from '../../server/src/integrations/payments';
import { createAppJobs } from '../../server/src/app-jobs';
import { createOrderServices } from '../../server/src/modules/order-services';
import { useTestApp } from './support/app';

// The factory, watched: every caller goes through the real one.
jest.mock('../../server/src/modules/order-services', () => {
  const actual = jest.requireActual('../../server/src/modules/order-services');
  return { ...actual, createOrderServices: jest.fn(actual.createOrderServices) };
});
const factory = createOrderServices as jest.MockedFunction<typeof createOrderServices>;

/**
 * The app and the background jobs build the orders and payments services in one place
 * (modules/order-services.ts), from the same configuration, integrations and clock, so they cannot drift.
 */
describe('one factory for the orders and payments services', () => {
  const t = useTestApp('sqlite', { config: { ORDER_PAYMENT_TIMEOUT_MINUTES: 7 } });
  const { clock } = t;

  it('is what the app and the job runner both use, with the same dependencies', () => {
    // The app built its services at start.
    expect(factory).toHaveBeenCalledTimes(1);
    const app = factory.mock.calls[0]![0];
    createAppJobs({ config: t.config, db: t.db, integrations: t.integrations, now: clock.now });
    expect(factory).toHaveBeenCalledTimes(2);
    const jobs = factory.mock.calls[1]![0];
    for (const deps of [app, jobs]) {
      expect(deps.config.ORDER_PAYMENT_TIMEOUT_MINUTES).toBe(7);
      expect(deps.integrations.payments).toBe(t.integrations.payments);
      expect(deps.now).toBe(clock.now);
    }
  });

  it('logs a refused payment notification as a warning (as the app always did), for the jobs too', async () => {
    const log = { error: jest.fn(), warn: jest.fn() };
    const { uow } = factory.mock.calls[0]![0];
    const { payments } = createOrderServices({
      uow,
      now: clock.now,
      integrations: t.integrations,
      config: t.config,
      log,
    });
    const name = asProviders(t.integrations.payments).all[0]!.name;
    expect((await payments.notify(name, {}, 'not a notification'))?.outcome).toMatch(/malformed|bad_signature/);
    expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/^payment notification refused/));
    expect(log.error).not.toHaveBeenCalled();
  });
});
