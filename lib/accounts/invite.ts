import type { Database } from '@/lib/db/client';
import { config, publicUrl } from '@/lib/config';
import { roleIdFor, type Role } from '@/lib/access';
import { DRIVER_SIGNUP_ROLE } from './signup-prefill';
import type { Actor } from '@/lib/auth/actor';
import { consumeOrThrow, limiter } from '@/lib/rate-limit';
import { enqueueTemplate } from '@/lib/mail/outbox';
import type { InviteInput } from './invite-schemas';

export const INVITES_PER_HOUR = 10;

function splitName(fullName: string) {
  const [first, ...rest] = fullName.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

/**
 * Recommend the product to a friend: answers the sign-up link (prefilled with the friend's name
 * and email, `ref` = the sender's id; a driver's friend gets the driver sign-up, `role=driver`) and a message for the sender's own mail client, and also
 * queues the same invitation from the product's address. Ten per hour per user.
 */
export async function createInvite(db: Database, actor: Actor, input: InviteInput) {
  await consumeOrThrow(
    await limiter('lead-invite', INVITES_PER_HOUR, 3600),
    String(actor.userId),
    'You have sent many invitations in a short time. Please try again in an hour.',
  );
  const product = config.productName;
  const { firstName, lastName } = splitName(input.fullName);
  // A driver (member account, token rid 2) recommends the drivers' side; everyone else the employers'.
  const fromDriver = roleIdFor(actor.roles as Role[]) === 2;
  const url = publicUrl('/signup');
  if (fromDriver) url.searchParams.set('role', DRIVER_SIGNUP_ROLE);
  url.searchParams.set('ref', String(actor.userId));
  url.searchParams.set('firstName', firstName);
  if (lastName) url.searchParams.set('lastName', lastName);
  url.searchParams.set('email', input.email);
  const invitationLink = url.toString();
  const senderName = `${actor.firstName} ${actor.lastName}`.trim();
  const purpose = fromDriver ? 'find trucking jobs and driver benefits' : 'hire truck drivers';
  const defaultText =
    `Hi ${firstName},\n\n` +
    `I've been using ${product} to ${purpose} and I think you would find it useful too. ` +
    `You can create your account here:\n${invitationLink}\n\n${senderName}`;
  await enqueueTemplate(db, input.email, 'invite', { friendName: input.fullName, senderName, link: invitationLink, message: defaultText });
  return { invitation_link: invitationLink, default_text: defaultText, subject: `${senderName} recommends ${product} to you` };
}
