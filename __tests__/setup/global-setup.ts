import { buildSnapshot } from '../helpers/test-database';

export default async function globalSetup() {
  process.env.TNA_TEST_RUN ??= String(process.pid);
  process.env.AUTH_SECRET ??= 'test-secret-not-for-production-0123456789';
  await buildSnapshot();
}
