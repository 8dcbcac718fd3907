// Every domain's tables, one file per domain. drizzle-kit reads this file to generate migrations.
export * from './accounts';
export * from './jobs';
export * from './billing';
export * from './audit';
export * from './marketplace';
export * from './subscriptions';
export * from './admin';
export * from './ads';
export * from './social';
export * from './news';
export * from './api';
