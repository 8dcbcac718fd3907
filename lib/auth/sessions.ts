import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { queryRows, type Database } from '@/lib/db/client';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { refreshTokens, userRoles } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { IMPERSONATION_SECONDS } from './impersonation-schemas';
import { impersonatorMaySql } from './impersonator';
import { SESSION_EXPIRED, WRONG_CREDENTIALS } from './messages';
import type { Role } from '@/lib/access';
import type { SessionOrigin } from './sessions-origin';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashToken,
  newRefreshToken,
  signAccessToken,
  successorOf,
  verifyAccessToken,
} from './tokens';

export type TokenPair = { accessToken: string; refreshToken: string; accessTokenExpiresAt: number; sessionId: string };

async function rolesOf(db: Database, userId: number): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

/**
 * Holds the user's row (FOR SHARE) to the end of the transaction, when the account is live (and
 * still has `passwordHash`, when given); false otherwise. A password reset or change, a
 * deactivation or a deletion writes that row and then revokes every session (revokeAllSessions
 * takes the row too), so a session started or rotated meanwhile either waits for it and sees it, or
 * is seen by its revocation. Without it a sign-in that had checked the old password, or a refresh
 * that had just claimed its token, added a live token the revocation's snapshot did not hold: the
 * session outlived the reset (a read-only review, reproduced on PostgreSQL).
 */
export async function holdLiveAccount(tx: Database, userId: number, passwordHash?: string | null): Promise<boolean> {
  const [row] = await queryRows<{ password_hash: string | null }>(
    tx,
    sql`select password_hash from users where id = ${userId} and active and deleted_at is null for share`,
  );
  return !!row && (passwordHash === undefined || row.password_hash === passwordHash);
}

/**
 * Starts a session (a refresh-token family) for a user on a device. `passwordHash`: the hash the
 * caller checked the password against (a password sign-in), which must still be the account's.
 */
export async function startSession(
  db: Database,
  userId: number,
  opts: { deviceId?: string; impersonatorId?: number; ttlSeconds?: number; origin?: SessionOrigin; roles?: Role[]; passwordHash?: string | null } = {},
): Promise<TokenPair> {
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  const expiresAt = new Date(Date.now() + (opts.ttlSeconds ?? REFRESH_TOKEN_TTL_SECONDS) * 1000);
  await db.transaction(async (tx) => {
    if (!(await holdLiveAccount(tx as unknown as Database, userId, opts.passwordHash))) {
      throw opts.passwordHash === undefined ? INVALID() : new AppError(401, WRONG_CREDENTIALS);
    }
    await tx.insert(refreshTokens).values({
      userId,
      tokenHash: hashToken(refreshToken),
      familyId,
      deviceId: opts.deviceId,
      impersonatorId: opts.impersonatorId,
      ...opts.origin,
      expiresAt,
    });
  });
  return issue(db, userId, familyId, refreshToken, { ...opts, expiresAt });
}

/**
 * An impersonated session ends at a fixed time (the countdown): its refresh tokens keep the first
 * one's expiry when rotated, and no access token outlives it.
 */
function sessionDeadline(row: { impersonatorId: number | null; expiresAt: Date }) {
  return row.impersonatorId ? row.expiresAt : undefined;
}

async function issue(
  db: Database,
  userId: number,
  familyId: string,
  refreshToken: string,
  opts: { deviceId?: string | null; impersonatorId?: number | null; expiresAt?: Date; roles?: Role[] },
): Promise<TokenPair> {
  // A caller that has just read the roles (login) hands them in rather than have them read twice.
  const roles = opts.roles ?? (await rolesOf(db, userId));
  const deadline = opts.impersonatorId ? opts.expiresAt : undefined;
  const ttl = deadline ? Math.max(1, Math.min(ACCESS_TOKEN_TTL_SECONDS, Math.floor((deadline.getTime() - Date.now()) / 1000))) : ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await signAccessToken(
    {
      userId,
      roles,
      did: opts.deviceId ?? undefined,
      imp: opts.impersonatorId ?? undefined,
      sid: familyId,
    },
    ttl,
  );
  return { accessToken, refreshToken, accessTokenExpiresAt: Date.now() + ttl * 1000, sessionId: familyId };
}

const INVALID = () => new AppError(401, SESSION_EXPIRED);

/** An impersonated session refreshes only while its admin may still impersonate (lib/auth/impersonator.ts). */
async function impersonatorGone(db: Database, impersonatorId: number | null) {
  if (!impersonatorId) return false;
  const [row] = await queryRows<{ ok: boolean }>(db, sql`select ${impersonatorMaySql(impersonatorId)} as ok`);
  return !row?.ok;
}

/**
 * Rotates a refresh token. The UPDATE ... WHERE rotated_at IS NULL is the atomic claim: exactly one
 * caller rotates a token. A caller that lost the race (or retries) within the grace window gets the
 * same successor; a rotated token presented later is treated as stolen and revokes the family.
 */
export async function refreshSession(db: Database, refreshToken: string): Promise<TokenPair> {
  const tokenHash = hashToken(refreshToken);
  const successor = successorOf(refreshToken);
  const now = new Date();
  const outcome = await db.transaction(async (tx): Promise<TokenPair | { reusedFamily: string; userId: number; impersonated: boolean }> => {
    // The account's row before the token's (the order a revocation takes them in): see holdLiveAccount.
    const [owner] = await tx.select({ userId: refreshTokens.userId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!owner || !(await holdLiveAccount(tx as unknown as Database, owner.userId))) throw INVALID();
    const claimed = await tx
      .update(refreshTokens)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.rotatedAt),
          isNull(refreshTokens.revokedAt),
          sql`${refreshTokens.expiresAt} > ${now}`,
        ),
      )
      .returning();
    const row = claimed[0];
    if (row) {
      // Throwing rolls the claim back: the token stays as it was, refused like any dead one.
      if (await impersonatorGone(tx as unknown as Database, row.impersonatorId)) throw INVALID();
      await tx.insert(refreshTokens).values({
        userId: row.userId,
        tokenHash: hashToken(successor),
        familyId: row.familyId,
        deviceId: row.deviceId,
        impersonatorId: row.impersonatorId,
        userAgent: row.userAgent,
        ip: row.ip,
        region: row.region,
        expiresAt: sessionDeadline(row) ?? new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      });
      return issue(tx as unknown as Database, row.userId, row.familyId, successor, row);
    }
    const [existing] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    if (!existing || existing.revokedAt || existing.expiresAt <= now) throw INVALID();
    const rotatedAgo = (now.getTime() - existing.rotatedAt!.getTime()) / 1000;
    if (rotatedAgo <= REFRESH_GRACE_SECONDS) {
      if (await impersonatorGone(tx as unknown as Database, existing.impersonatorId)) throw INVALID();
      return issue(tx as unknown as Database, existing.userId, existing.familyId, successor, existing);
    }
    return { reusedFamily: existing.familyId, userId: existing.userId, impersonated: existing.impersonatorId != null };
  });
  if ('reusedFamily' in outcome) {
    // Reuse of a rotated token: someone holds a copy. End the whole sign-in (outside the
    // transaction above, so the revocation is not rolled back with the error), and, for an admin's
    // own sign-in, the impersonations they opened, as any other end of their session does (the one
    // holding the copy could have opened them). An impersonated token names no session of the admin.
    await db.update(refreshTokens).set({ revokedAt: now }).where(eq(refreshTokens.familyId, outcome.reusedFamily));
    if (!outcome.impersonated) await endSessionsOpenedBy(db, outcome.userId, now);
    throw INVALID();
  }
  return outcome;
}

/** Ends the session an access or refresh token belongs to. Unknown tokens are ignored. */
export async function endSession(db: Database, token: string) {
  const claims = await verifyAccessToken(token);
  let familyId = claims?.sid;
  if (!familyId) {
    const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, hashToken(token)));
    familyId = row?.familyId;
  }
  if (familyId) await endSessionFamily(db, familyId);
}

/** Revokes one session by its family id (the access token's sid: a cookie session's logout). */
export async function endSessionFamily(db: Database, familyId: string) {
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/**
 * Revokes every session of a user, optionally keeping one (password change keeps the current one),
 * and every session the user opened as someone else (an admin's impersonations): deleting,
 * deactivating or re-keying an admin ends what they started too.
 */
export async function revokeAllSessions(db: Database, userId: number, exceptFamilyId?: string) {
  const now = new Date();
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // The user's row first (held already where the caller changed it): a sign-in or refresh holding
    // it is waited for, and its new token revoked with the rest (holdLiveAccount).
    await t.execute(sql`select 1 from users where id = ${userId} for no key update`);
    await t
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(refreshTokens.userId, userId),
          isNull(refreshTokens.revokedAt),
          exceptFamilyId ? sql`${refreshTokens.familyId} <> ${exceptFamilyId}::uuid` : undefined,
        ),
      );
    await endSessionsOpenedBy(t, userId, now);
  });
}

/**
 * Revokes the live sessions `adminId` opened as someone else (impersonations) and answers whose
 * they were (each user once). impersonator_id has no index; a live impersonated token expires
 * within IMPERSONATION_SECONDS (its session's fixed deadline), so the expiry index narrows this to
 * tokens expiring in the next few minutes instead of a scan (a minute more for the clocks of
 * several servers).
 */
export async function endSessionsOpenedBy(db: Database, adminId: number, now = new Date()): Promise<number[]> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        gt(refreshTokens.expiresAt, now),
        lte(refreshTokens.expiresAt, new Date(now.getTime() + (IMPERSONATION_SECONDS + 60) * 1000)),
        eq(refreshTokens.impersonatorId, adminId),
        isNull(refreshTokens.revokedAt),
      ),
    )
    .returning({ userId: refreshTokens.userId });
  return [...new Set(ended.map((r) => r.userId))];
}

/** Deletes tokens long expired or revoked (run by tick, in batches: lib/db/batches.ts). */
export async function purgeTokens(db: Database, now = new Date(), options: BatchOptions = {}) {
  const cutoff = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
  const gone = or(lt(refreshTokens.expiresAt, now), lt(refreshTokens.revokedAt, cutoff));
  const { rows, done } = await inBatches(
    (limit) =>
      db
        .delete(refreshTokens)
        .where(inArray(refreshTokens.id, db.select({ id: refreshTokens.id }).from(refreshTokens).where(gone).limit(limit)))
        .returning({ id: refreshTokens.id }),
    options,
  );
  return { purged: rows.length, done };
}
