import { closeDb, getDb, setDb } from '@/lib/db/client';
import { resetLimiters } from '@/lib/rate-limit';
import { openTestDatabase } from '../helpers/test-database';

// Every test file gets its own migrated database; tests in a file share it.
beforeAll(async () => {
  setDb(await openTestDatabase());
  await getDb();
});

afterEach(() => resetLimiters());

afterAll(async () => {
  await closeDb();
});
