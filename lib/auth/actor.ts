import { sql } from 'drizzle-orm';
import { changeWatch, queryRowsPrepared, type Database } from '@/lib/db/client';
import { ACTOR_CHANNEL, rememberWhileUnchanged } from '@/lib/db/change-watch';
import { rolesWhileImpersonating, type Role } from '@/lib/access';
import { impersonatorMaySql } from './impersonator';
import type { AccessClaims } from './tokens';

/**
 * Who is calling: read from the database, so deletions, role changes and logouts apply at once. A
 * session is live while one of its refresh tokens is neither revoked nor expired: an impersonated
 * session (fixed 600 s) thus ends on the server when its countdown does. The process remembers the
 * answer until any of the tables it comes from changes or the session's last token expires
 * (lib/db/change-watch.ts): on PGlite every write is announced before the writer's statement
 * returns; on PostgreSQL this instance's own writes forget it at once and other instances' a moment
 * after they commit, and memory is served only while the change listener proves it is in touch. The
 * read was over a third of an API call's time (docs/benchmarks.md).
 */
export type Actor = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  roles: Role[];
  companyId: number | null;
  deviceId?: string;
  impersonatorId?: number;
  sessionId?: string;
  /** The rest of the user row's public part, read by the same query (GET /employer answers from it). */
  profile?: { phone: string | null; emailToVerify: string | null; emailVerified: boolean };
};

/**
 * Until when the token's session is live (null: it is not), as SQL: a text of its own with and
 * without a session id, so each prepared statement keeps one plan. (One text with
 * `$sid is null or exists (…)` was planned anew on every call: the planner folds the null case away
 * only when it sees the value, so the generic plan never looked as cheap as a custom one;
 * pg_prepared_statements counted 0 generic plans in 21 calls.)
 */
const sessionUntil = (sid: string | undefined) =>
  sid
    ? sql`(select max(t.expires_at) from refresh_tokens t where t.family_id = ${sid}::uuid and t.revoked_at is null and t.expires_at > now())`
    : sql`null::timestamptz`;

/**
 * An impersonated session (claim imp) also needs its admin: still active, not deleted and holding a
 * role that may impersonate, or every call ends. A text of its own, so the everyday statement keeps
 * its plan and pays nothing for it.
 */
const impersonatorLive = (imp: number | undefined) => (imp ? sql`and ${impersonatorMaySql(imp)}` : sql``);

type ActorRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  company_id: number | null;
  phone: string | null;
  email_to_verify: string | null;
  email_verified: boolean;
  roles: Role[] | null;
  session_until: Date | string | null;
};

/** A token without a session id has no session to end: only a change to the user ends what is remembered. */
const NO_SESSION_END = Number.POSITIVE_INFINITY;

export async function actorFromClaims(db: Database, claims: AccessClaims): Promise<Actor | null> {
  const row = await rememberWhileUnchanged(changeWatch(db), ACTOR_CHANNEL, `${claims.userId}|${claims.sid ?? ''}|${claims.imp ?? ''}`, async () => {
    const [found] = await queryRowsPrepared<ActorRow>(
      db,
      sql`
      select u.id, u.email, u.first_name, u.last_name, u.company_id, u.phone, u.email_to_verify,
        u.email_verified_at is not null as email_verified,
        (select array_agg(r.role::text) from user_roles r where r.user_id = u.id) as roles,
        ${sessionUntil(claims.sid)} as session_until
      from users u
      where u.id = ${claims.userId} and u.deleted_at is null and u.active ${impersonatorLive(claims.imp)}
    `);
    if (!found || (claims.sid && found.session_until == null)) return null;
    return { value: found, until: found.session_until == null ? NO_SESSION_END : new Date(found.session_until).getTime() };
  });
  if (!row) return null;
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    roles: claims.imp ? rolesWhileImpersonating(row.roles ?? []) : [...(row.roles ?? [])],
    companyId: row.company_id,
    deviceId: claims.did,
    impersonatorId: claims.imp,
    sessionId: claims.sid,
    profile: { phone: row.phone, emailToVerify: row.email_to_verify, emailVerified: row.email_verified },
  };
}
