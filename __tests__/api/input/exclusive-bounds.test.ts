/**
 * `.positive()` refuses 0 itself, yet the message read 'must be at least 0.' (zod reports the bound
 * 0 with inclusive: false). An exclusive bound now reads 'greater than' / 'less than'.
 */
import { z } from 'zod';
import { GET as jobsGet } from '@/app/api/v1.0/jobs/route';
import { POST as jobSearchPost } from '@/app/api/v1.0/jobs/search/route';
import '@/lib/validation/messages';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { tokens } from '../jobs/helpers';

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

describe('an exclusive bound says so', () => {
  it.each(['0', '-1'])('GET /jobs?company_id=%s', async (value) => {
    const res = await call(jobsGet, { token: t.admin, query: { company_id: value } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message: 'Company id must be greater than 0.', field: 'company_id' }] });
  });

  it('POST /jobs/search {company_id: 0}', async () => {
    const res = await call(jobSearchPost, { token: t.admin, body: { company_id: 0 } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message: 'Company id must be greater than 0.', field: 'company_id' }] });
  });

  it('in any schema: numbers, and counts (more than n is at least n + 1)', () => {
    const messages = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error!.issues.map((i) => i.message);
    expect(messages(z.object({ price: z.number().gt(5) }), { price: 5 })).toEqual(['Price must be greater than 5.']);
    expect(messages(z.object({ price: z.number().lt(10) }), { price: 10 })).toEqual(['Price must be less than 10.']);
    expect(messages(z.object({ price: z.number().min(1) }), { price: 0 })).toEqual(['Price must be at least 1.']);
    expect(messages(z.object({ price: z.number().negative() }), { price: 0 })).toEqual(['Price must be less than 0.']);
    expect(messages(z.object({ tags: z.array(z.string()).min(2) }), { tags: [] })).toEqual(['Tags must have at least 2 items.']);
  });
});
