// GET /api/v1.0/geo/autocomplete?q=: US address suggestions from the offline gazetteer (ZIP, city, street line)
import { route } from '@/lib/api/route';
import { autocompleteQuerySchema, autocomplete } from '@/lib/geo/autocomplete';

export const GET = route({
  access: 'public',
  query: autocompleteQuerySchema,
  handler: ({ query, ip }) => autocomplete(query.q, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
