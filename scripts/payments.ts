/** `npm run payments -- reconcile <date>`: our payments and refunds of a day against the providers' bills. */
import { runPaymentsCli } from '../server/src/payments-cli';

runPaymentsCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
