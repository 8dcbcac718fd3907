/**
 * @jest-environment node
 */
import { NextRequest } from 'next/server';
import { GET } from '@/app/cancel/route';

const go = (query: string) => GET(new NextRequest(`http://localhost:3000/cancel${query}`));

describe('GET /cancel (the candidates screen\'s Cancel, jobs spec §2)', () => {
  it('goes back to the job it came from', () => {
    const res = go('?job=12');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/company/jobs/12/detail');
  });

  it.each(['', '?job=0x1', '?job=-1', '?job=//evil.test', '?job=99999999999'])('goes to the posted jobs for %j', (query) => {
    expect(go(query).headers.get('location')).toBe('/company/jobs');
  });

  // `next start` builds a handler's request URL from its own hostname and port: behind a proxy,
  // http://localhost:3000, where the employer's browser cannot go. A relative Location stays on the
  // address the browser used, whichever of the site's it was.
  it('goes on at the address the browser used, not the one the request reached the server on', () => {
    const before = process.env.APP_URL;
    process.env.APP_URL = 'https://jobs.example.test';
    try {
      expect(go('?job=12').headers.get('location')).toBe('/company/jobs/12/detail');
    } finally {
      if (before === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = before;
    }
  });
});
