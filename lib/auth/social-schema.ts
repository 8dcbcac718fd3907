import { z } from 'zod';
import { textError } from '@/lib/validation/messages';
import { SOCIAL_PROVIDERS } from './social-config';

/** A token past any real provider's size (the schema's own message would have said 'No token provided'). */
export const TOKEN_TOO_LONG = 'The token is too long to be a sign-in token.';

/** POST /auth/login/social (accounts spec §3 social login payload, §7). */
export const socialLoginSchema = z.object({
  /** A Google or Apple ID token, or a Facebook access token. */
  token: z.string({ error: textError('No token provided') }).trim().min(1, 'No token provided').max(8192, TOKEN_TOO_LONG),
  source: z.enum(SOCIAL_PROVIDERS, { error: 'source must be google, apple or facebook.' }),
  device_id: z.string().max(64).optional(),
  /** The app's push token; accepted for the payload's sake, push is not sent by this server. */
  device_token: z.string().max(4096).optional(),
  /** The nonce the app put in its sign-in request, when it used one. */
  nonce: z.string().min(1).max(256).optional(),
});
export type SocialLoginInput = z.infer<typeof socialLoginSchema>;
