/** `npm run orders -- advance|cancel|refund <order>`: the operator tool (server/src/orders-cli.ts). */
import { runOrdersCli } from '../server/src/orders-cli';

runOrdersCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
