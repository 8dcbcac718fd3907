// GET /api/ready: the database is reachable and fully migrated (readiness for a load balancer).
import { getDb } from '@/lib/db/client';
import { readiness } from '@/lib/ops/readiness';

export const dynamic = 'force-dynamic';

export async function GET() {
  const state = await readiness(getDb);
  const headers = { 'cache-control': 'no-store' };
  if (state.ready) return Response.json({ data: state }, { headers });
  const message =
    state.database === 'unreachable'
      ? 'The database is not reachable.'
      : `The database lacks migrations (${state.migrations.applied} of ${state.migrations.expected} applied): run npm run db:migrate.`;
  return Response.json({ errors: [{ message }], data: state }, { status: 503, headers });
}
