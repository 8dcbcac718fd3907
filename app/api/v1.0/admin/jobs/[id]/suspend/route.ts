// PATCH /api/v1.0/admin/jobs/{id}/suspend: put a job on hold or release it ({suspended})
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { setSuspended } from '@/lib/jobs/services';

const body = z.object({ suspended: z.boolean() });

export const PATCH = route<typeof body, undefined, { id: string }>({
  access: 'admin',
  body,
  handler: ({ db, actor, params, body, ip }) => setSuspended(db, actor, params.id, body.suspended, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
