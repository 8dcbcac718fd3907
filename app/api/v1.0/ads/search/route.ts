// POST /api/v1.0/ads/search?offset=&limit=: a page of ads by {filters, orders}
import { paginated, route } from '@/lib/api/route';
import { pageQuerySchema, searchAdsSchema } from '@/lib/ads/schemas';
import { searchAds } from '@/lib/ads/services';

export const POST = route({
  access: 'ads',
  body: searchAdsSchema,
  query: pageQuerySchema,
  handler: async ({ db, actor, body, query }) => {
    const { items, pagination } = await searchAds(db, actor, body, query);
    return paginated(items, pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
