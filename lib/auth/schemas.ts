import { z } from 'zod';
import { textError } from '@/lib/validation/messages';

/** Login form and API payload (accounts spec §3, §5). Fields arrive as strings. */
export const loginSchema = z.object({
  email: z.string({ error: textError('No email provided') }).trim().min(1, 'No email provided').email('Needs to be a valid email.'),
  password: z.string({ error: textError('No password provided') }).min(1, 'No password provided'),
  device_id: z.string().max(64).optional(),
  deviceId: z.string().max(64).optional(),
  role: z.string().max(32).optional(),
  tn: z.string().optional(),
  terms_accepted: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  termsAccepted: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  /** Driver-to-company login: add the employer role to a driver account. */
  create_role: z.boolean().optional(),
  /** From a refused social sign-in (409): this password sign-in links that identity (lib/auth/social-link.ts). */
  link_token: z.string().max(4096).optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** The login form's own schema: the same messages, only the fields a person types. */
export const loginFormSchema = loginSchema.pick({ email: true, password: true });
export type LoginForm = z.infer<typeof loginFormSchema>;
