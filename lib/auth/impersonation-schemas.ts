import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';
import '@/lib/validation/messages';

/** Impersonation session length (accounts spec §9): 600 s, shown as mm:ss. */
export const IMPERSONATION_SECONDS = 600;

export const CHOOSE_USER = 'Choose the user to impersonate.';

const userId = plainNumber(z.coerce.number({ error: CHOOSE_USER }).int(CHOOSE_USER).positive(CHOOSE_USER).max(2_147_483_647, CHOOSE_USER));

/** POST /auth/login/impersonate?user_id={id}: body user_id, device_id, role (accounts spec §3). */
export const impersonateBodySchema = z.object({
  user_id: userId.optional(),
  device_id: z.string().trim().max(64, 'The device id is too long.').optional(),
  role: z.string().trim().max(40).optional(),
});
export const impersonateQuerySchema = z.object({ user_id: userId.optional() });

/** The browser's impersonation call (app/api/auth/impersonation): start a user, renew, or leave. */
export const browserImpersonationSchema = z.discriminatedUnion(
  'action',
  [z.object({ action: z.literal('start'), user_id: userId }), z.object({ action: z.literal('renew') }), z.object({ action: z.literal('leave') })],
  { error: 'Choose start, renew or leave.' },
);
