import type { Database } from '@/lib/db/client';
import { userRoles, users } from '@/lib/db/schema';
import type { Role } from '@/lib/access';
import { conflict, sqlState } from '@/lib/errors';
import { hashPassword } from '@/lib/auth/passwords';
import { toE164 } from '@/lib/auth/phone';
import { EMAIL_EXISTS } from './schemas';

type NewAccount = { email: string; first_name: string; last_name: string; phone: string; password: string; tn_newsletters: boolean };

/**
 * Inserts a password account with its roles in one transaction (sign-up, an employee added by a
 * company admin). `inside` runs in the same transaction (an audit record). Two inserts of the same
 * address at once: the unique index decides, and the loser gets the 409 the early check gives.
 */
export async function createAccount(
  db: Database,
  input: NewAccount,
  opts: { roles: Role[]; companyId?: number; inside?: (tx: Database, userId: number) => Promise<unknown> },
): Promise<number> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          firstName: input.first_name,
          lastName: input.last_name,
          phone: toE164(input.phone),
          passwordHash,
          tnNewsletters: input.tn_newsletters,
          companyId: opts.companyId,
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values(opts.roles.map((role) => ({ userId: user.id, role })));
      await opts.inside?.(tx as unknown as Database, user.id);
      return user.id;
    });
  } catch (error) {
    if (sqlState(error) === '23505') throw conflict(EMAIL_EXISTS, 'email');
    throw error;
  }
}
