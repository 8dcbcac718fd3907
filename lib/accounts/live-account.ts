import { sql } from 'drizzle-orm';
import { users } from '@/lib/db/schema';

/**
 * Whether the account is live: not deleted and not switched off. A writer that locked the account
 * reads this to refuse work that waited behind the account's deletion (lib/drivers/applications.ts,
 * lib/drivers/profile.ts).
 */
export const accountIsLive = () => sql<boolean>`${users.deletedAt} is null and ${users.active}`;
