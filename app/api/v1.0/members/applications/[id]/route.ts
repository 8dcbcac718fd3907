// DELETE /api/v1.0/members/applications/{id}: the signed-in driver withdraws one of their own applications
import { route } from '@/lib/api/route';
import { withdrawApplication } from '@/lib/drivers/applications';

export const DELETE = route<undefined, undefined, { id: string }>({
  access: 'drivers',
  rawBody: true,
  handler: ({ db, actor, params }) => withdrawApplication(db, actor!, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
