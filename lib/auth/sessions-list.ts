import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { refreshTokens } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import type { Actor } from './actor';
import { endImpersonationsBy, refuseWhileImpersonating } from './impersonation';
import { endSessionFamily, revokeAllSessions } from './sessions';
import { deviceName } from './sessions-origin';

/** At most this many sessions are listed (newest activity first); a user rarely has more than a handful. */
export const SESSIONS_SHOWN = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = {
  family_id: string;
  first_seen: Date | string;
  last_seen: Date | string;
  user_agent: string | null;
  ip: string | null;
  region: string | null;
  device_id: string | null;
  impersonated: boolean;
};

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * "Where you're signed in": each live sign-in (a refresh-token family with an unrevoked, unexpired,
 * unrotated token) of the caller. First seen is the sign-in, last seen the latest token rotation.
 * Never from an impersonated session (403): the list is where and from what the person signs in
 * (IPs, regions, devices), theirs alone, as ending those sessions is.
 */
export async function listSessions(db: Database, actor: Actor) {
  refuseWhileImpersonating(actor, 'see where the user is signed in');
  const rows = await queryRows<Row>(
    db,
    sql`
    select t.family_id::text as family_id, min(t.created_at) as first_seen, max(t.created_at) as last_seen,
      (array_agg(t.user_agent order by t.created_at desc))[1] as user_agent,
      (array_agg(t.ip order by t.created_at desc))[1] as ip,
      (array_agg(t.region order by t.created_at desc))[1] as region,
      (array_agg(t.device_id order by t.created_at desc))[1] as device_id,
      bool_or(t.impersonator_id is not null) as impersonated
    from ${refreshTokens} t
    where t.user_id = ${actor.userId}
    group by t.family_id
    having bool_or(t.revoked_at is null and t.rotated_at is null and t.expires_at > now())
    order by max(t.created_at) desc
    limit ${SESSIONS_SHOWN}
  `,
  );
  return rows.map((r) => ({
    id: r.family_id,
    device: deviceName(r.user_agent),
    user_agent: r.user_agent,
    ip: r.ip,
    region: r.region,
    first_seen: iso(r.first_seen),
    last_seen: iso(r.last_seen),
    current: r.family_id === actor.sessionId,
    impersonated: r.impersonated,
  }));
}

/**
 * Ends one of the caller's sessions; someone else's, or an unknown id, is a 404. An admin
 * impersonating the user may end the impersonated session itself, never the person's own (403).
 * An admin ending one of their own sessions ends the impersonations they opened, as a sign-out
 * does (/auth/logout, and "sign out the others" through revokeAllSessions): the session list is
 * where a lost laptop is signed out, and an impersonation opened on it went on reading, writing and
 * refreshing as the company user until its deadline. An impersonated token does not name the
 * admin session that opened it, so all of the admin's end: one more click for them to start again.
 */
export async function endOwnSession(db: Database, actor: Actor, sessionId: string | undefined, ip?: string) {
  if (!sessionId || !UUID.test(sessionId)) throw notFound('Session not found.');
  if (sessionId !== actor.sessionId) refuseWhileImpersonating(actor, 'sign the user out of their sessions');
  const [row] = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from ${refreshTokens} where family_id = ${sessionId}::uuid and user_id = ${actor.userId} and revoked_at is null limit 1`,
  );
  if (!row) throw notFound('Session not found.');
  await endSessionFamily(db, sessionId);
  if (!actor.impersonatorId) await endImpersonationsBy(db, actor.userId, ip);
  return { ended: 1, current: sessionId === actor.sessionId };
}

/** Ends every session of the caller but the one making the call (never from an impersonated session: 403). */
export async function endOtherSessions(db: Database, actor: Actor) {
  refuseWhileImpersonating(actor, 'sign the user out of their sessions');
  await revokeAllSessions(db, actor.userId, actor.sessionId);
  return { message: 'Every other session has been signed out.' };
}
