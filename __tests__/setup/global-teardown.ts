import { dropSnapshot } from '../helpers/test-database';

export default async function globalTeardown() {
  await dropSnapshot();
}
