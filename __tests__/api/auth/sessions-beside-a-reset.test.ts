/**
 * A password reset (or any change that signs a user out everywhere) and a session being started,
 * rotated or used to change the password at the same moment. Each waited for nothing the reset
 * held, and went on with what it had read before it: a sign-in that had checked the old password, a
 * refresh that had just claimed its token, a password change over the reset. On PostgreSQL the
 * reset really commits while the other waits (helpers/row-locks.ts); PGlite runs them in turn.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { changePassword, WRONG_CURRENT_PASSWORD } from '@/lib/accounts/password';
import type { Actor } from '@/lib/auth/actor';
import { WRONG_CREDENTIALS } from '@/lib/auth/login';
import { refreshSession, revokeAllSessions } from '@/lib/auth/sessions';
import { hashToken, successorOf } from '@/lib/auth/tokens';
import { getDb, queryRows, type Database } from '@/lib/db/client';
import { refreshTokens } from '@/lib/db/schema';
import { concurrent, lockWaiters, ownConnection, writeWhileRowChanges } from '../../helpers/row-locks';
import { PASSWORD, makeUser, signIn } from '../accounts/helpers';

let db: Database;
beforeAll(async () => {
  db = await getDb();
});

const HOLD_USER = 'select 1 from users where id = $1 for update';
/** What a reset does to the account: a new password, every session revoked. */
const RESET = [`update users set password_hash = 'reset-by-owner' where id = $1`, `update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null`];

const liveTokens = async (userId: number) => (await db.select().from(refreshTokens).where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)))).length;

it('a sign-in that checked the old password while the password was reset is refused (401), and no session is left', async () => {
  const user = await makeUser();
  const outcome = await writeWhileRowChanges(db, user.id, HOLD_USER, RESET, () => signIn(user.email));
  expect(outcome).toBe(WRONG_CREDENTIALS);
  expect(await liveTokens(user.id)).toBe(0);
});

it('a password change made while the owner reset the password does not overwrite the reset (422)', async () => {
  const user = await makeUser();
  await signIn(user.email);
  const actor: Actor = { userId: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, roles: [ROLES.DRIVER], companyId: null };
  const change = () => changePassword(db, actor, { oldPassword: PASSWORD, password: 'Takeover123!' }, { ip: '10.77.0.1' });
  expect(await writeWhileRowChanges(db, user.id, HOLD_USER, RESET, change)).toBe(WRONG_CURRENT_PASSWORD);
  const [row] = await queryRows<{ password_hash: string }>(db, sql`select password_hash from users where id = ${user.id}`);
  expect(row.password_hash).toBe('reset-by-owner');
});

it("a refresh whose new token is being written while every session is revoked: the new token is revoked too", async () => {
  const user = await makeUser();
  const { refreshToken } = await signIn(user.email);
  const refresh = () => refreshSession(db, refreshToken).then(() => 'refreshed', (e: Error) => e.message);
  if (!concurrent) {
    expect(await refresh()).toBe('refreshed');
    await revokeAllSessions(db, user.id);
  } else {
    // The refresh claims its token, then its successor's insert waits behind another session's
    // uncommitted row of the same hash; the revocation starts meanwhile, then that row goes away.
    const client = await ownConnection(db);
    try {
      await client.query('begin');
      await client.query(`insert into refresh_tokens (user_id, token_hash, family_id, expires_at) values ($1, $2, gen_random_uuid(), now() + interval '1 day')`, [user.id, hashToken(successorOf(refreshToken))]);
      const refreshing = refresh();
      await lockWaiters(db, 1);
      const revoking = revokeAllSessions(db, user.id).then(() => 'revoked', (e: Error) => e.message);
      await lockWaiters(db, 2);
      await client.query('rollback');
      expect([await refreshing, await revoking]).toEqual(['refreshed', 'revoked']);
    } finally {
      client.release();
    }
  }
  expect(await liveTokens(user.id)).toBe(0);
});
