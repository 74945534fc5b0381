import { loadConfig } from '../config';
import { openDb } from '../db';
import { prepareDatabase } from './index';

/** `npm run seed`: migrates, then loads the demo data if the database is empty. */
async function run() {
  const config = loadConfig();
  const db = await openDb(config.DATABASE_URL);
  try {
    // The start-up's own step: safe beside a server starting on the same database.
    if ((await prepareDatabase(db, { seed: true })).seeded) {
      console.log('Demo data loaded.');
    } else {
      console.log('The database already has data; nothing loaded. Remove it (or use a new DATABASE_URL) to reseed.');
    }
  } finally {
    await db.destroy();
  }
}

run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
