import type { SignupFormValues, signupPayloadSchema } from './schemas';
import type { z } from 'zod';

/**
 * The sign-up form's values as the API payload, and the form's fallback message: zod-free, so the
 * form can use them without bringing the schemas (and zod) into the page's first load (issue 16).
 */
export const SIGNUP_FAILED = 'An error has ocurred, please contact us.';
/** The login service's answer to a driver-to-company login for an account that already is an employer (lib/auth/login.ts). */
export const ALREADY_EMPLOYER_MESSAGE = 'The entered email is already active as an employer in TNA';

export function toSignupPayload(v: SignupFormValues): z.input<typeof signupPayloadSchema> {
  return {
    email: v.email.trim(),
    password: v.password,
    first_name: v.firstName.trim(),
    last_name: v.lastName.trim(),
    phone: v.phone,
    role: v.role,
    tn_newsletters: v.acceptEmails,
  };
}
