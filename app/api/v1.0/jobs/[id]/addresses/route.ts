// PATCH /api/v1.0/jobs/{id}/addresses: replace the targeting addresses (the cost follows)
import { route } from '@/lib/api/route';
import { updateAddressesSchema } from '@/lib/jobs/schemas';
import { updateAddresses } from '@/lib/jobs/targeting';

export const PATCH = route<typeof updateAddressesSchema, undefined, { id: string }>({
  access: 'companyJobs',
  body: updateAddressesSchema,
  handler: ({ db, actor, params, body }) => updateAddresses(db, actor, params.id, body.addresses),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
