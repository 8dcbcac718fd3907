/**
 * Issue 9, item 17: inputs no person types but anyone can send. Each answered 500 before (stack
 * overflow in the rich-text code, a null Lexical child, NUL rejected by PostgreSQL, a missing
 * not-null column); each must answer a clear 4xx and change nothing.
 */
import { eq } from 'drizzle-orm';
import { GET as outboxGet } from '@/app/api/v1.0/admin/outbox/route';
import { PATCH as companyPatch } from '@/app/api/v1.0/companies/[id]/route';
import { POST as companyTagPost } from '@/app/api/v1.0/companies/tag/route';
import { PATCH as addressesPatch } from '@/app/api/v1.0/jobs/[id]/addresses/route';
import { PATCH as cancelRenewalPatch } from '@/app/api/v1.0/jobs/[id]/cancel-renewal/route';
import { PATCH as jobPatch } from '@/app/api/v1.0/jobs/[id]/route';
import { POST as jobTagPost } from '@/app/api/v1.0/jobs/[id]/tag/route';
import { GET as jobsGet, POST as createPost } from '@/app/api/v1.0/jobs/route';
import { POST as searchPost } from '@/app/api/v1.0/jobs/search/route';
import { POST as invitePost } from '@/app/api/v1.0/lead/invite/route';
import { NUL_MESSAGE, TOO_DEEP_MESSAGE } from '@/lib/api/input-guard';
import { getDb } from '@/lib/db/client';
import { jobs, users } from '@/lib/db/schema';
import { RICH_TEXT_MESSAGES } from '@/lib/jobs/rich-text';
import { MESSAGES } from '@/lib/jobs/schemas';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { createJobAs, jobPayload, tokens } from '../jobs/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
let jobId: number;
let companyId: number;
beforeAll(async () => {
  await seed();
  t = await tokens();
  jobId = await createJobAs(t.employer);
  const [admin] = await (await getDb()).select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  companyId = admin.companyId!;
});

const jobCount = async () => (await (await getDb()).select({ id: jobs.id }).from(jobs)).length;

/** A Lexical state whose first paragraph holds `levels` paragraphs inside each other. */
function nested(levels: number) {
  let node: Record<string, unknown> = { type: 'text', text: 'deep', format: 0 };
  for (let i = 0; i < levels; i++) node = { type: 'paragraph', children: [node] };
  return { root: { type: 'root', children: [node] } };
}

describe('rich text: depth, size and shape are bounded with a clear 422', () => {
  it.each([
    ['a 2,000-level description (object)', () => nested(2000), TOO_DEEP_MESSAGE],
    ['a 2,000-level description (its JSON string)', () => JSON.stringify(nested(2000)), RICH_TEXT_MESSAGES.tooDeep],
    ['a 60-level description', () => nested(60), RICH_TEXT_MESSAGES.tooDeep],
    ['a description of 30,000 nodes', () => ({ root: { type: 'root', children: Array.from({ length: 30_000 }, () => ({ type: 'text', text: 'x' })) } }), RICH_TEXT_MESSAGES.tooLong],
    ['a Lexical tree with a null child', () => ({ root: { type: 'root', children: [null] } }), RICH_TEXT_MESSAGES.invalid],
    ['a paragraph with a null child', () => ({ root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'hi' }, null] }] } }), RICH_TEXT_MESSAGES.invalid],
    ['a NUL escaped inside the JSON string form', () => JSON.stringify({ root: { type: 'root', children: [{ type: 'text', text: 'a\u0000b' }] } }), RICH_TEXT_MESSAGES.nul],
    // The sanitizer's parser is quadratic in nesting: 66,666 <b> held the server for 2.6 s per request.
    ['HTML of 66,666 nested <b> (the 200,000-character cap)', () => '<b>'.repeat(66_666) + 'x', RICH_TEXT_MESSAGES.tooDeep],
    ['HTML of 101 nested <span>', () => '<span>'.repeat(101) + 'x' + '</span>'.repeat(101), RICH_TEXT_MESSAGES.tooDeep],
  ])('%s answers 422 and creates nothing', async (_name, description, message) => {
    const before = await jobCount();
    const res = await call(createPost, { token: t.employer, body: jobPayload({ job_description: description() as never }) });
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(await jobCount()).toBe(before);
  });

  it('a link whose address is not a string still renders (no crash), unlinked', async () => {
    const res = await call(createPost, {
      token: t.employer,
      body: jobPayload({ job_description: { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'ok' }, { type: 'link', url: 5, children: [{ type: 'text', text: 'here' }] }] }] } } as never }),
    });
    expect(res.status).toBe(201);
  });

  it('a text node whose text is not a string is refused, not saved as a description with no text', async () => {
    const before = await jobCount();
    const res = await call(createPost, {
      token: t.employer,
      body: jobPayload({ job_description: { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text: 'ok' }, { type: 'link', url: 'https://example.com', children: [{ type: 'text', text: 7 }] }] }] } } as never }),
    });
    expect([res.status, res.json.errors]).toEqual([422, [{ message: RICH_TEXT_MESSAGES.invalid, field: 'job_description' }]]);
    expect(await jobCount()).toBe(before);
  });

  it('a description nested to the editor depth (ten indented list levels) is still accepted', async () => {
    let item: Record<string, unknown> = { type: 'text', text: 'leaf' };
    for (let i = 0; i < 10; i++) item = { type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [item] }] };
    const res = await call(createPost, { token: t.employer, body: jobPayload({ job_description: { root: { type: 'root', children: [item] } } as never }) });
    expect(res.status).toBe(201);
  });
});

describe('a JSON body nested ten thousand levels deep', () => {
  it('answers 422 on a JSON route, not a crash', async () => {
    const raw = '{"title":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    const res = await call(createPost, { token: t.employer, rawBody: raw, method: 'POST', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ message: TOO_DEEP_MESSAGE, field: 'title' }]);
  });
});

describe('POST /jobs without expected_pay', () => {
  it.each([[undefined], [''], [null]])('expected_pay %p answers 422 with the spec message', async (pay) => {
    const before = await jobCount();
    const res = await call(createPost, { token: t.employer, body: jobPayload({ expected_pay: pay as never }) });
    expect(res.status).toBe(422);
    expect(res.json.errors).toContainEqual({ message: MESSAGES.expectedPay, field: 'expected_pay' });
    expect(await jobCount()).toBe(before);
  });
});

describe('NUL (\\u0000) in any text field or text query is refused with 422', () => {
  const NUL = 'Dal\u0000las';
  const cases: [string, () => Promise<Awaited<ReturnType<typeof call>>>, string][] = [
    ['job title', () => call(createPost, { token: t.employer, body: jobPayload({ title: NUL }) }), 'title'],
    ['job description (HTML)', () => call(createPost, { token: t.employer, body: jobPayload({ job_description: `<p>${NUL}</p>` }) }), 'job_description'],
    ['job description (Lexical text)', () => call(createPost, { token: t.employer, body: jobPayload({ job_description: { root: { type: 'root', children: [{ type: 'text', text: NUL }] } } as never }) }), 'job_description.root.children.0.text'],
    ['additional experience', () => call(createPost, { token: t.employer, body: jobPayload({ additional_experience: NUL }) }), 'additional_experience'],
    ['job address', () => call(createPost, { token: t.employer, body: jobPayload({ addresses: [{ street1: NUL, city: 'Dallas', state: 'TX', postal_code: '75201', country: 'US' }] }) }), 'addresses.0.street1'],
    ['PATCH job title', () => call(jobPatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId) }, body: { title: NUL } }), 'title'],
    ['PATCH job addresses', () => call(addressesPatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId) }, body: { addresses: [{ city: NUL, state: 'TX', postal_code: '75201' }] } }), 'addresses.0.city'],
    ['job tag', () => call(jobTagPost, { token: t.admin, params: { id: String(jobId) }, body: { tag: NUL } }), 'tag'],
    ['company tag', () => call(companyTagPost, { token: t.admin, body: { tag: NUL } }), 'tag'],
    ['company name', () => call(companyPatch, { method: 'PATCH', token: t.companyAdmin, params: { id: String(companyId) }, body: { company_name: NUL } }), 'company_name'],
    ['company street', () => call(companyPatch, { method: 'PATCH', token: t.companyAdmin, params: { id: String(companyId) }, body: { street1: NUL } }), 'street1'],
    ['renewal cancellation reason', () => call(cancelRenewalPatch, { method: 'PATCH', token: t.employer, params: { id: String(jobId) }, body: { renewalCancelationReason: NUL } }), 'renewalCancelationReason'],
    ['invite name', () => call(invitePost, { token: t.driver, body: { fullName: NUL, email: 'friend@example.com' } }), 'fullName'],
    ['job search query (body)', () => call(searchPost, { token: t.employer, body: { query: NUL } }), 'query'],
    ['job search query (query string)', () => call(searchPost, { token: t.employer, body: {}, query: { query: NUL } }), 'query'],
    ['job list query string', () => call(jobsGet, { token: t.employer, query: { query: NUL } }), 'query'],
    ['job list state filter', () => call(jobsGet, { token: t.employer, query: { state: NUL } }), 'state'],
    ['outbox "to" filter', () => call(outboxGet, { token: t.superAdmin, query: { to: NUL } }), 'to'],
    ['outbox text filter', () => call(outboxGet, { token: t.superAdmin, query: { q: NUL } }), 'q'],
    ['a NUL in a key', () => call(createPost, { token: t.employer, body: { ...jobPayload(), ['x\u0000']: 1 } }), ''],
    ['a path parameter', () => call(jobPatch, { method: 'PATCH', token: t.employer, params: { id: '1\u0000' }, body: { title: 'x' } }), 'id'],
  ];
  it.each(cases)('%s', async (_name, send, field) => {
    const before = await jobCount();
    const res = await send();
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([field ? { message: NUL_MESSAGE, field } : { message: NUL_MESSAGE }]);
    expect(await jobCount()).toBe(before);
  });
});
