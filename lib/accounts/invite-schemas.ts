import { z } from 'zod';
import { textError } from '@/lib/validation/messages';

/** The recommend dialog and POST /lead/invite (accounts spec §5). */
export const inviteSchema = z.object({
  fullName: z
    .string({ error: textError('No name provided') })
    .trim()
    .min(1, 'No name provided')
    .refine((v) => v.length === 0 || v.length >= 2, 'Name should be at least two characters long')
    .pipe(z.string().max(100, 'Name should be at most 100 characters long')),
  email: z
    .string({ error: textError('No email provided') })
    .trim()
    .min(1, 'No email provided')
    .pipe(z.email('Needs to be a valid email.').max(254, 'Needs to be a valid email.')),
});
export type InviteInput = z.infer<typeof inviteSchema>;
