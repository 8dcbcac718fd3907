import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { emailOutbox, userRoles, users } from '@/lib/db/schema';
import { hashPassword } from '@/lib/auth/passwords';
import { login } from '@/lib/auth/login';
import { ROLES, type Role } from '@/lib/access';

export const PASSWORD = 'Start1234!';

let n = 0;
/** A user of our own, so tests that change passwords or delete accounts do not disturb the demo users. */
export async function makeUser(opts: { role?: Role; verified?: boolean; password?: string } = {}) {
  const db = await getDb();
  const email = `acct${Date.now().toString(36)}${n++}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      email,
      firstName: 'Pat',
      lastName: 'Tester',
      phone: '+12145550199',
      passwordHash: await hashPassword(opts.password ?? PASSWORD),
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    })
    .returning();
  await db.insert(userRoles).values({ userId: user.id, role: opts.role ?? ROLES.DRIVER });
  return user;
}

export async function signIn(email: string, password = PASSWORD) {
  return login(await getDb(), { email, password }, { ip: `10.9.${n++ % 250}.1` });
}

export async function lastMailTo(email: string, kind?: string) {
  const db = await getDb();
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(kind ? and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, kind)) : eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  return mail;
}

export async function codeFor(email: string) {
  const mail = await lastMailTo(email, 'password_reset_code');
  return mail?.text.match(/\b(\d{6})\b/)?.[1];
}
