// GET /cancel: where the candidates screen's Cancel goes (jobs spec §2 names the address); back to
// the job it was opened from, or to the posted jobs. The job's own page checks who may see it.
import type { NextRequest } from 'next/server';
import { redirectToPath } from '@/lib/api/redirect';

const JOB_ID = /^[1-9]\d{0,9}$/;

export function GET(req: NextRequest) {
  const job = req.nextUrl.searchParams.get('job') ?? '';
  const to = JOB_ID.test(job) && Number(job) <= 2_147_483_647 ? `/company/jobs/${job}/detail` : '/company/jobs';
  // A relative Location (lib/api/redirect.ts): the request's URL is the server's own under `next start`.
  return redirectToPath(to);
}
