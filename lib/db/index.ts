export { getDb, type Database } from './client';
export * as schema from './schema';
