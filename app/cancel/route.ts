// GET /cancel: where the candidates screen's Cancel goes (jobs spec §2 names the address); back to
// the job it was opened from, or to the posted jobs. The job's own page checks who may see it.
import { NextResponse, type NextRequest } from 'next/server';

const JOB_ID = /^[1-9]\d{0,9}$/;

export function GET(req: NextRequest) {
  const job = req.nextUrl.searchParams.get('job') ?? '';
  const to = JOB_ID.test(job) && Number(job) <= 2_147_483_647 ? `/company/jobs/${job}/detail` : '/company/jobs';
  return NextResponse.redirect(new URL(to, req.nextUrl.origin), 303);
}
