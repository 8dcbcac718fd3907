// GET /api/v1.0/jobs/{id}: job detail; PATCH: edit its content or auto-renew
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { updateJobSchema } from '@/lib/jobs/schemas';
import { getJob } from '@/lib/jobs/detail';
import { candidateCount } from '@/lib/applications/candidates';
import { updateJob } from '@/lib/jobs/services';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'companyJobs',
  // The one detail that counts its matched candidates (spec: the summary's total_candidates).
  handler: ({ db, actor, params }) => getJob(db, actor, params.id, (job) => candidateCount(db, job)),
});

export const PATCH = route<typeof updateJobSchema, undefined, Params>({
  access: 'companyJobs',
  body: updateJobSchema,
  // If-Match: the job's updated_at as the caller last read it (412 when it changed since; lib/api/if-match.ts).
  handler: ({ req, db, actor, params, body }) => updateJob(db, actor, params.id, body, ifMatchOf(req)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
