import { z } from 'zod';
import { textError } from '@/lib/validation/messages';
import { PASSWORDS_MISMATCH, passwordRule } from './schemas';

/** A new password follows the sign-up rules and messages (accounts spec §5), written once in ./schemas. */
export const newPassword = passwordRule;

const email = z
  .string({ error: textError('No email provided') })
  .trim()
  .min(1, 'No email provided')
  .max(254, 'Needs to be a valid email.')
  .pipe(z.email('Needs to be a valid email.'));

/** /forgot-password and POST /auth/token-password. */
export const forgotPasswordSchema = z.object({ email, role: z.string().max(32).optional() });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** /reset-code and POST /auth/verify-token-password. */
export const verifyResetCodeSchema = z.object({
  email,
  code: z
    .string({ error: textError('Enter the 6-digit code from the email.') })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email.'),
});
export type VerifyResetCodeInput = z.infer<typeof verifyResetCodeSchema>;

/** A reset token that is missing, forged, used or expired: one message, whichever it is. */
export const RESET_TOKEN_INVALID = 'Your reset session has expired. Please request a new code.';

/** POST /auth/reset-password: the token from verify-token-password and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: textError(RESET_TOKEN_INVALID) }).min(1, RESET_TOKEN_INVALID),
  password: newPassword,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

const confirmation = { password: newPassword, confirmPassword: z.string({ error: textError(PASSWORDS_MISMATCH) }) };
type WithConfirmation = { password: string; confirmPassword: string };
/** Checked even while the password itself breaks a rule, so both messages show together. */
const passwordsMatch: [(v: WithConfirmation) => boolean, { message: string; path: PropertyKey[]; when: (p: { value: unknown }) => boolean }] = [
  (v) => v.password === v.confirmPassword,
  {
    message: PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
    when: ({ value }) => typeof (value as Partial<WithConfirmation>)?.confirmPassword === 'string',
  },
];

/** The /reset-password form: password and confirmation (the token comes from the previous step). */
export const resetPasswordFormSchema = z.object(confirmation).refine(...passwordsMatch);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

const CURRENT_REQUIRED = 'Enter your current password.';

/**
 * POST /auth/change-password. Accepts the spec's snake_case and the camelCase spelling of the old
 * password, and `password`, `new_password` or `newPassword` for the new one.
 */
export const changePasswordSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const r = raw as Record<string, unknown>;
    return { oldPassword: r.oldPassword ?? r.old_password, password: r.password ?? r.newPassword ?? r.new_password };
  },
  z.object({
    oldPassword: z.string({ error: textError(CURRENT_REQUIRED) }).min(1, CURRENT_REQUIRED),
    password: newPassword,
  }),
);
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The change-password form; confirmPassword is removed before the call (spec §7). */
export const changePasswordFormSchema = z
  .object({ oldPassword: z.string({ error: textError(CURRENT_REQUIRED) }).min(1, CURRENT_REQUIRED), ...confirmation })
  .refine(...passwordsMatch);
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
