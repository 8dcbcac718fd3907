import type { JWT } from 'next-auth/jwt';
import type { Database } from '@/lib/db/client';
import { actorFromClaims, type Actor } from './actor';
import { verifyAccessToken } from './tokens';

/**
 * Who a session cookie speaks for, if its session is still alive in the store: the access token's
 * signature is checked (not its expiry: only /api/auth/session rotates it, so a page may see one past
 * its 15 minutes), it must name the cookie's own user, and its session family must be unrevoked
 * (actorFromClaims, the API's own check). A logout, a password change or a deletion elsewhere ends
 * it at once, for every copy of the cookie. Null: no session, or one that has ended.
 */
export async function sessionActor(db: Database, token: JWT): Promise<Actor | null> {
  if (token.error || typeof token.accessToken !== 'string') return null;
  const claims = await verifyAccessToken(token.accessToken, { ignoreExpiry: true });
  return claims && claims.userId === token.userId ? actorFromClaims(db, claims) : null;
}
