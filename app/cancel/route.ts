// GET /cancel: where the candidates screen's Cancel goes (jobs spec §2 names the address); back to
// the job it was opened from, or to the posted jobs. The job's own page checks who may see it.
import { NextResponse, type NextRequest } from 'next/server';
import { publicUrl } from '@/lib/config';

const JOB_ID = /^[1-9]\d{0,9}$/;

export function GET(req: NextRequest) {
  const job = req.nextUrl.searchParams.get('job') ?? '';
  const to = JOB_ID.test(job) && Number(job) <= 2_147_483_647 ? `/company/jobs/${job}/detail` : '/company/jobs';
  // The public origin, not the request's (under `next start` behind a proxy, http://localhost:3000).
  return NextResponse.redirect(publicUrl(to), 303);
}
