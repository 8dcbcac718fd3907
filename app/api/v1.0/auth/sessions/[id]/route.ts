// DELETE /api/v1.0/auth/sessions/{id}: sign out one of the caller's own sessions
import { route } from '@/lib/api/route';
import { endOwnSession } from '@/lib/auth/sessions-list';

export const DELETE = route<undefined, undefined, { id: string }>({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor, params, ip }) => endOwnSession(db, actor!, params.id, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
