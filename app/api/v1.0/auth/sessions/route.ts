// GET /api/v1.0/auth/sessions: where the caller is signed in; DELETE: sign out every other session
import { route } from '@/lib/api/route';
import { endOtherSessions, listSessions } from '@/lib/auth/sessions-list';

export const GET = route({
  access: 'authenticated',
  handler: ({ db, actor }) => listSessions(db, actor!),
});

export const DELETE = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor }) => endOtherSessions(db, actor!),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
