import type { Database } from '@/lib/db/client';
import { publicOrigin } from '@/lib/config';
import { flagDefaults } from '@/lib/flag-overrides';
import { AppError } from '@/lib/errors';
import { consumeOrThrow, limiter, waitInWords } from '@/lib/rate-limit';
import { LinkRequired, socialSignIn } from './social';
import { verifySocialToken } from './social-verify';
import type { SocialLoginInput } from './social-schema';
import type { SessionOrigin } from './sessions-origin';

/**
 * The apps' social sign-in: the provider's token is checked here (never trusted from the app), then
 * the linking rules of lib/auth/social.ts apply. Answers the tokens like /auth/login; a refusal that
 * a password sign-in can resolve answers 409 with `link_token` beside the errors.
 */
export async function socialLoginByToken(db: Database, body: SocialLoginInput, ctx: { ip: string; origin?: SessionOrigin }) {
  // The apps have no browser session to override flags in: the deployment's setting counts.
  if (!flagDefaults().socialLogin) throw new AppError(404, 'Social sign-in is turned off.');
  // 30 attempts per 15 minutes per client address, whatever their outcome, counted before the token
  // is checked: each check may cost a call to the provider (Facebook's debug_token), which anyone
  // could otherwise make us send without end with made-up tokens.
  await consumeOrThrow(await limiter('social-login-ip', 30, 15 * 60), ctx.ip, (s) => `Too many sign-in attempts. Please try again in ${waitInWords(s)}.`);
  const identity = await verifySocialToken(body.source, body.token, { nonce: body.nonce });
  try {
    const session = await socialSignIn(db, identity, { deviceId: body.device_id, ip: ctx.ip, origin: ctx.origin });
    return {
      accessToken: session.accessToken,
      refreshToken: session.refreshToken,
      accessTokenExpiresAt: session.accessTokenExpiresAt,
      id: session.userId,
      email: session.email,
      userRoles: session.roles,
      companyId: session.companyId,
      created: session.created,
      redirect: new URL(session.redirect, publicOrigin()).toString(),
    };
  } catch (error) {
    if (error instanceof LinkRequired) {
      return Response.json({ errors: [{ message: error.message, field: error.field }], link_token: error.linkToken }, { status: 409, headers: { 'cache-control': 'no-store' } });
    }
    throw error;
  }
}
