/**
 * Who-is-calling is remembered between changes (lib/db/change-watch.ts, issue 16), and every change
 * still applies to the very next call: a rename, a role taken away, a deactivation, a deletion, a
 * revoked session, a change inside a transaction, a session whose last token expires. Runs on PGlite
 * and on PostgreSQL; on PostgreSQL also a change by another instance (another connection), and a lost
 * change listener, which turns memory off until it is back.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ROLES } from '@/lib/access';
import { actorFromClaims } from '@/lib/auth/actor';
import { Client } from 'pg';
import { changeWatch, embeddedClient, getDb, queryRows, type Database } from '@/lib/db/client';
import { ACTOR_CHANNEL, rememberWhileUnchanged } from '@/lib/db/change-watch';
import { countStatements, inTouch } from '../../helpers/change-watch';
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

/** Polls `check` until it holds (a change by another connection arrives as a notification). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 2_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`still not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - started;
}

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

  it('answers an unchanged caller without a statement, and reads again after a change', async () => {
    const sid = await session();
    await inTouch(db);
    await who(sid);
    const sent = countStatements(db);
    try {
      for (let i = 0; i < 5; i++) expect(await who(sid)).toMatchObject({ userId, sessionId: sid });
      expect(sent).not.toHaveBeenCalled();
      await db.execute(sql`update users set phone = '2145550100' where id = ${userId}`);
      sent.mockClear();
      expect(await who(sid)).toMatchObject({ profile: { phone: '2145550100' } });
      expect(sent).toHaveBeenCalledTimes(1);
    } finally {
      sent.mockRestore();
    }
  });

  it('does not remember an answer read while a change was being made', async () => {
    await inTouch(db);
    const watch = changeWatch(db);
    let loads = 0;
    const load = async () => {
      loads++;
      // A write lands while this read is under way: what it read may be older than the write.
      await db.execute(sql`update users set first_name = first_name where id = ${userId}`);
      return { value: loads, until: Date.now() + 60_000 };
    };
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'race', load)).toBe(1);
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'race', load)).toBe(2);
    await inTouch(db); // the race's own writes are announced here a moment later
    const quiet = async () => ({ value: 'kept', until: Date.now() + 60_000 });
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'quiet', quiet)).toBe('kept');
    expect(await rememberWhileUnchanged(watch, ACTOR_CHANNEL, 'quiet', async () => ({ value: 'read again', until: Date.now() + 60_000 }))).toBe('kept');
  });

  const connectionString = () => (db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

  /** A write that does not go through this handle: another instance's connection (PostgreSQL), or PGlite's client directly. */
  async function elsewhere<T>(work: (query: (text: string, params?: unknown[]) => Promise<unknown>) => Promise<T>) {
    const pglite = embeddedClient(db);
    if (pglite) return work((text, params) => pglite.query(text, params));
    const other = new Client({ connectionString: connectionString() });
    await other.connect();
    try {
      return await work((text, params) => other.query(text, params));
    } finally {
      await other.end();
    }
  }

  it('sees a change another instance commits as soon as its notification arrives', async () => {
    const sid = await session();
    await inTouch(db);
    expect(await who(sid)).toMatchObject({ sessionId: sid }); // now remembered
    await elsewhere(async (query) => {
      await query('update refresh_tokens set revoked_at = now() where family_id = $1::uuid', [sid]);
      // PGlite announces it before the write returns; PostgreSQL a moment after the commit.
      if (embeddedClient(db)) expect(await who(sid)).toBeNull();
      else expect(await eventually(async () => (await who(sid)) === null)).toBeLessThan(1_000);
    });
  });

  it('reads every time while the change listener is lost, and remembers again once it is back', async () => {
    if (embeddedClient(db)) {
      // One process's database: nothing to lose touch with, memory is always served.
      expect(changeWatch(db)!.fresh(Date.now() + 3_600_000)).toBe(true);
      return;
    }
    const sid = await session();
    await inTouch(db);
    await who(sid);
    await elsewhere(async (query) => {
      // The listener's connection ends (a restart, a network cut): its beats stop coming back.
      await query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'tna-change-listener' and datname = current_database()`);
      await eventually(async () => !changeWatch(db)!.fresh());
      // A change nobody announces to this process now is still seen on the next call.
      await query('update users set last_name = $1 where id = $2', ['Offline', userId]);
      expect(await who(sid)).toMatchObject({ lastName: 'Offline' });
    });
    await inTouch(db);
    await who(sid);
    const sent = countStatements(db);
    try {
      expect(await who(sid)).toMatchObject({ lastName: 'Offline' });
      expect(sent).not.toHaveBeenCalled();
    } finally {
      sent.mockRestore();
    }
  });
});
