import { closeDb, setDb } from '@/lib/db/client';
import { resetLimiters } from '@/lib/rate-limit';
import { openTestDatabase } from '../helpers/test-database';

// Every test file gets its own migrated database, opened when it first reads it; tests in a file share it.
beforeAll(() => setDb(openTestDatabase));

afterEach(() => resetLimiters());

afterAll(async () => {
  await closeDb();
});
