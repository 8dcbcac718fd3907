// GET /api/v1.0/jobs/{id}/candidates?distance_limit=true: drivers who have not applied, ranked by match (offset, limit 10, total)
import { z } from 'zod';
import { paginated, route } from '@/lib/api/route';
import { CANDIDATE_PAGE_SIZE, listCandidates } from '@/lib/applications/candidates';
import { plainNumber } from '@/lib/validation/numbers';

const query = z.object({
  distance_limit: z.enum(['true', 'false'], { error: 'distance_limit is true or false.' }).default('false'),
  offset: plainNumber(z.coerce.number().int().min(0).max(10_000).default(0)),
  limit: plainNumber(z.coerce.number().int().min(1).max(CANDIDATE_PAGE_SIZE).default(CANDIDATE_PAGE_SIZE)),
});

export const GET = route<undefined, typeof query, { id: string }>({
  access: 'companyJobs',
  query,
  handler: async ({ db, actor, params, query: q }) => {
    const page = await listCandidates(db, actor, params.id, { distanceLimit: q.distance_limit === 'true', offset: q.offset, limit: q.limit });
    return paginated(page.data, page.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
