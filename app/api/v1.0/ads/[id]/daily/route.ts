// GET /api/v1.0/ads/{id}/daily?from=&to=: impressions and clicks per day (the chart)
import { route } from '@/lib/api/route';
import { dailyQuerySchema } from '@/lib/ads/schemas';
import { adDaily } from '@/lib/ads/services';

export const GET = route<undefined, typeof dailyQuerySchema, { id: string }>({
  access: 'ads',
  query: dailyQuerySchema,
  handler: ({ db, actor, params, query }) => adDaily(db, actor, params.id, query),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
