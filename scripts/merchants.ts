/** `npm run merchants -- add|remove|list …`: restaurant memberships from the terminal (server/src/merchants-cli.ts). */
import { runMerchantsCli } from '../server/src/merchants-cli';

runMerchantsCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
