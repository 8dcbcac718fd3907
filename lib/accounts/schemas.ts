import { z } from 'zod';
import { SINGLE_LINE_MESSAGE, isSingleLine } from '@/lib/validation/text';
import { textError } from '@/lib/validation/messages';

/**
 * Sign-up validation (accounts spec §5). Each field's rules and messages are written once here;
 * the form (zodResolver) parses `signupFormSchema`, the API parses `signupPayloadSchema`, which is
 * the same rules under the payload's snake_case names (spec §3), without the confirmation fields.
 */

export const EMAIL_REQUIRED = 'This is required — you\'ll need to enter an email.';
export const EMAIL_INVALID = 'Needs to be a valid email.';
export const NAME_REQUIRED = 'You must enter your name';
export const NAME_INVALID = 'Needs to be a valid name.';
export const PASSWORD_REQUIRED = 'No password provided.';
export const PASSWORD_SHORT = 'Password is too short - It should be at least 8 characters.';
export const PASSWORD_LONG = 'Password is too long - should be up to 64 chars.';
export const PASSWORD_WEAK = 'At least 1 number,1 symbol (@$!#%*?&) and 1 uppercase letter.';
export const PHONE_REQUIRED = 'No phone provided';
export const PHONE_DIGITS = 'Phone numbers should have 10 digits';
export const PHONE_INVALID = 'Should contain a valid number';
export const EMAILS_MISMATCH = 'Emails must match';
export const PASSWORDS_MISMATCH = 'Passwords must match';
export const EMAIL_EXISTS = 'Email already exists.';

const EMAIL_PATTERN = /^[A-Za-z0-9._%+'-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Letters with single spaces; an apostrophe or hyphen inside a word is allowed too (O'Brien, Mary-Jane). */
const NAME_PATTERN = /^\p{L}+(?:['’-]\p{L}+)*(?: \p{L}+(?:['’-]\p{L}+)*)*$/u;
/** (ddd)ddd-dddd, 13 characters, with a North American area code and exchange (neither starts with 0 or 1). */
const PHONE_PATTERN = /^\([2-9]\d{2}\)[2-9]\d{2}-\d{4}$/;

type Rule = readonly [ok: (value: string) => boolean, message: string];

/**
 * A string checked against rules in order; only the first broken rule is reported, so each field
 * carries one message (and the cross-field checks below still run, which zod's abort would stop).
 */
export function orderedRules(required: string, rules: readonly Rule[], opts: { trim?: boolean } = {}) {
  const base = opts.trim === false ? z.string({ error: textError(required) }) : z.string({ error: textError(required) }).trim();
  return base.superRefine((value, ctx) => {
    if (!value) return void ctx.addIssue({ code: 'custom', message: required });
    // One-line fields all: a password (trim: false) may hold any character the person can type again.
    if (opts.trim !== false && !isSingleLine(value)) return void ctx.addIssue({ code: 'custom', message: SINGLE_LINE_MESSAGE });
    const broken = rules.find(([ok]) => !ok(value));
    if (broken) ctx.addIssue({ code: 'custom', message: broken[1] });
  });
}

/**
 * A deleted account's email becomes `deleted+<id>@invalid.local` (lib/accounts/members.ts), so that
 * the real address is free again. No one may take such an address: user ids are sequential, and an
 * account signed up as `deleted+20@invalid.local` made user 20's deletion fail for good (409).
 * Nothing can be delivered there anyway.
 */
export const DELETED_EMAIL_DOMAIN = 'invalid.local';
export const deletedEmailFor = (userId: number) => `deleted+${userId}@${DELETED_EMAIL_DOMAIN}`;

export const emailRule = orderedRules(EMAIL_REQUIRED, [
  [(v) => v.length >= 6 && v.length <= 64, EMAIL_INVALID],
  [(v) => EMAIL_PATTERN.test(v), EMAIL_INVALID],
  [(v) => !v.toLowerCase().endsWith(`@${DELETED_EMAIL_DOMAIN}`), EMAIL_INVALID],
]).transform((v) => v.toLowerCase());

export const nameRule = orderedRules(NAME_REQUIRED, [
  [(v) => v.length >= 2 && v.length <= 100, NAME_INVALID],
  [(v) => NAME_PATTERN.test(v), NAME_INVALID],
]);

export const passwordRule = orderedRules(
  PASSWORD_REQUIRED,
  [
    [(v) => v.length >= 8, PASSWORD_SHORT],
    [(v) => v.length <= 64, PASSWORD_LONG],
    [(v) => /\d/.test(v) && /[a-z]/.test(v) && /[A-Z]/.test(v) && /[^A-Za-z0-9\s]/.test(v), PASSWORD_WEAK],
  ],
  { trim: false },
);

/**
 * '(214)555-0123', '2145550123', '+1 214 555 0123' and '12145550123' all become '(214)555-0123'
 * (a leading 1 on eleven digits is dropped); anything else is left as typed for the checks below.
 */
export function normalizePhone(value: unknown): unknown {
  if (typeof value !== 'string' || !/^[\d\s()+.-]*$/.test(value)) return value;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value.trim();
  return `(${digits.slice(0, 3)})${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const phoneRule = z.preprocess(
  normalizePhone,
  orderedRules(PHONE_REQUIRED, [
    [(v) => /^[\d\s()+.-]*$/.test(v), PHONE_INVALID],
    [(v) => v.replace(/\D/g, '').length === 10 && v.length === 13, PHONE_DIGITS],
    [(v) => PHONE_PATTERN.test(v), PHONE_INVALID],
  ]),
);

/** Public sign-up makes employers by default; drivers may sign up through the API too. Never an admin role. */
export const SIGNUP_ROLES = ['employer', 'member'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

const mustMatch = <K extends string>(a: K, b: K, message: string) => ({
  message,
  path: [b],
  when: (payload: { value: unknown }) => {
    const v = payload.value as Record<string, unknown>;
    return typeof v?.[a] === 'string' && typeof v?.[b] === 'string';
  },
});

export const signupFormSchema = z
  .object({
    email: emailRule,
    confirmEmail: z.string().trim(),
    firstName: nameRule,
    lastName: nameRule,
    phone: phoneRule,
    password: passwordRule,
    confirmPassword: z.string(),
    acceptEmails: z.boolean(),
    role: z.enum(SIGNUP_ROLES),
  })
  .refine((v) => v.confirmEmail.toLowerCase() === v.email.toLowerCase(), mustMatch('email', 'confirmEmail', EMAILS_MISMATCH))
  .refine((v) => v.confirmPassword === v.password, mustMatch('password', 'confirmPassword', PASSWORDS_MISMATCH));

/** What the form holds before zod has transformed it (the phone is typed text). */
export type SignupFormValues = Omit<z.input<typeof signupFormSchema>, 'phone'> & { phone: string };
export type SignupFormOutput = z.output<typeof signupFormSchema>;

/** POST /api/v1.0/auth/signup (spec §3 "Signup request payload"). */
export const signupPayloadSchema = z.object({
  email: emailRule,
  password: passwordRule,
  first_name: nameRule,
  last_name: nameRule,
  phone: phoneRule,
  role: z.enum(SIGNUP_ROLES).default('employer'),
  tn_newsletters: z.boolean().default(false),
});
export type SignupPayload = z.infer<typeof signupPayloadSchema>;

export { ALREADY_EMPLOYER_MESSAGE, SIGNUP_FAILED, toSignupPayload } from './signup-payload';

/** POST /api/v1.0/auth/validate-employer-email and the first step of the form. */
export const emailCheckSchema = z.object({ email: emailRule });
