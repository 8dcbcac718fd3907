/**
 * Who-is-calling on the embedded database is remembered between changes (lib/db/change-watch.ts,
 * issue 16), and every change still applies to the very next call: a rename, a role taken away, a
 * deactivation, a deletion, a revoked session, a change inside a transaction, a session whose last
 * token expires. Runs on PGlite (remembered) and on PostgreSQL (read every time): the behaviour a
 * caller sees is the same.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { actorFromClaims } from '@/lib/auth/actor';
import { embeddedClient, getDb, queryRows, type Database } from '@/lib/db/client';
import { rememberWhileUnchanged } from '@/lib/db/change-watch';
import { seed } from '../../helpers/seed';

let db: Database;
let userId: number;

beforeAll(async () => {
  await seed();
  db = await getDb();
  const [row] = await queryRows<{ id: number }>(db, sql`
    insert into users (email, password_hash, first_name, last_name, active, email_verified_at)
    values (${`remembered-${randomUUID()}@test.local`}, 'x', 'Ada', 'Reader', true, now()) returning id`);
  userId = row.id;
  await db.execute(sql`insert into user_roles (user_id, role) values (${userId}, ${ROLES.EMPLOYER})`);
});

/** A session family with one live token, expiring `seconds` from now. */
async function session(seconds = 3600) {
  const family = randomUUID();
  await db.execute(sql`
    insert into refresh_tokens (user_id, family_id, token_hash, expires_at)
    values (${userId}, ${family}::uuid, ${randomUUID()}, now() + make_interval(secs => ${seconds}))`);
  return family;
}

const who = (sid?: string) => actorFromClaims(db, { userId, ...(sid ? { sid } : {}) } as never);

describe('who-is-calling between changes', () => {
  it('sees each change to the user, the roles and the session on the very next call', async () => {
    const sid = await session();
    expect(await who(sid)).toMatchObject({ firstName: 'Ada', roles: [ROLES.EMPLOYER], sessionId: sid });
    await db.execute(sql`update users set first_name = 'Grace' where id = ${userId}`);
    expect(await who(sid)).toMatchObject({ firstName: 'Grace' });
    await db.execute(sql`insert into user_roles (user_id, role) values (${userId}, ${ROLES.COMPANY_ADMIN})`);
    expect((await who(sid))!.roles.sort()).toEqual([ROLES.COMPANY_ADMIN, ROLES.EMPLOYER].sort());
    await db.execute(sql`delete from user_roles where user_id = ${userId} and role = ${ROLES.COMPANY_ADMIN}`);
    expect((await who(sid))!.roles).toEqual([ROLES.EMPLOYER]);
    await db.execute(sql`update refresh_tokens set revoked_at = now() where family_id = ${sid}::uuid`);
    expect(await who(sid)).toBeNull();
    // The token without a session id still names a live user; deactivated, then deleted, it does not.
    expect(await who()).toMatchObject({ userId });
    await db.execute(sql`update users set active = false where id = ${userId}`);
    expect(await who()).toBeNull();
    await db.execute(sql`update users set active = true where id = ${userId}`);
    expect(await who()).toMatchObject({ userId });
    await db.execute(sql`update users set deleted_at = now() where id = ${userId}`);
    expect(await who()).toBeNull();
    await db.execute(sql`update users set deleted_at = null where id = ${userId}`);
  });

  it('sees a change made inside a transaction once it commits, and nothing of one rolled back', async () => {
    const sid = await session();
    expect(await who(sid)).toMatchObject({ lastName: 'Reader' });
    await db.transaction(async (tx) => {
      await tx.execute(sql`update users set last_name = 'Hopper' where id = ${userId}`);
    });
    expect(await who(sid)).toMatchObject({ lastName: 'Hopper' });
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`update refresh_tokens set revoked_at = now() where family_id = ${sid}::uuid`);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await who(sid)).toMatchObject({ lastName: 'Hopper', sessionId: sid });
  });

  it('ends a session when its last token expires, with no write to announce it', async () => {
    const sid = await session(1.5);
    expect(await who(sid)).toMatchObject({ sessionId: sid });
    await new Promise((r) => setTimeout(r, 1_700));
    expect(await who(sid)).toBeNull();
  });

  it('on the embedded database, answers an unchanged caller without a statement', async () => {
    const client = embeddedClient(db);
    if (!client) return expect(process.env.DATABASE_URL).toBeTruthy(); // PostgreSQL reads every time
    const sid = await session();
    await who(sid);
    const sent = jest.spyOn(client, 'execProtocol');
    try {
      for (let i = 0; i < 5; i++) expect(await who(sid)).toMatchObject({ userId, sessionId: sid });
      expect(sent).not.toHaveBeenCalled();
      await db.execute(sql`update users set phone = '2145550100' where id = ${userId}`);
      expect(await who(sid)).toMatchObject({ profile: { phone: '2145550100' } });
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('does not remember an answer read while a change was being made', async () => {
    const client = embeddedClient(db);
    if (!client) return expect(process.env.DATABASE_URL).toBeTruthy();
    let loads = 0;
    const load = async () => {
      loads++;
      // A write lands while this read is under way: what it read may be older than the write.
      await db.execute(sql`update users set first_name = first_name where id = ${userId}`);
      return { value: loads, until: Date.now() + 60_000 };
    };
    expect(await rememberWhileUnchanged(client, 'race', load)).toBe(1);
    expect(await rememberWhileUnchanged(client, 'race', load)).toBe(2);
    const quiet = async () => ({ value: 'kept', until: Date.now() + 60_000 });
    expect(await rememberWhileUnchanged(client, 'quiet', quiet)).toBe('kept');
    expect(await rememberWhileUnchanged(client, 'quiet', async () => ({ value: 'read again', until: Date.now() + 60_000 }))).toBe('kept');
  });
});
