// POST /api/v1.0/admin/jobs/{id}/boost: an admin boosts a job without card payment
import { route } from '@/lib/api/route';
import { notFound } from '@/lib/errors';
import { adminBoost } from '@/lib/payments/job-payments';

export const POST = route<undefined, undefined, { id: string }>({
  access: 'admin',
  handler: ({ db, actor, params, ip }) => {
    const id = Number(params.id);
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound('Job not found.');
    return adminBoost(db, actor!, id, {}, ip);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
