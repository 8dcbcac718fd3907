import fc from 'fast-check';
import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';

const id = plainNumber(z.coerce.number({ error: 'Choose the job.' }).int('Choose the job.').positive('Choose the job.'));
const page = z.object({ limit: plainNumber(z.coerce.number().int().min(1).max(100).default(10)) });

describe('plainNumber: coerces numbers and decimal digits only', () => {
  it.each([[7, 7], ['7', 7], [' 12 ', 12], ['+3', 3]])('reads %j as %j', (input, out) => {
    expect(id.parse(input)).toBe(out);
  });

  it.each([[true], [false], [[1]], [{}], ['0x2'], ['1e3'], [''], [null], ['Infinity'], ['1,000'], ['٣']])('refuses %j with the schema\'s own message', (input) => {
    const r = id.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe('Choose the job.');
  });

  it('leaves a missing or empty value to the default', () => {
    expect(page.parse({})).toEqual({ limit: 10 });
    expect(page.parse({ limit: '' })).toEqual({ limit: 10 });
    expect(page.safeParse({ limit: true }).success).toBe(false);
  });

  it('any integer, as a number or as its decimal text, reads as itself', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 }), (n) => id.parse(n) === n && id.parse(String(n)) === n));
  });
});

describe('every number read from a request is plain decimal', () => {
  it('refuses hex, exponents and arrays in admin pages, candidates, the outbox and the browser impersonation', async () => {
    const { pageQuerySchema } = await import('@/lib/admin/schemas');
    const { browserImpersonationSchema } = await import('@/lib/auth/impersonation-schemas');
    for (const odd of ['0x1', '1e1', 'Infinity']) {
      expect(pageQuerySchema.safeParse({ offset: odd }).success).toBe(false);
      expect(pageQuerySchema.safeParse({ limit: odd }).success).toBe(false);
    }
    expect(pageQuerySchema.parse({ offset: '20', limit: '10' })).toMatchObject({ offset: 20, limit: 10 });
    expect(pageQuerySchema.parse({})).toMatchObject({ offset: 0, limit: 50 });
    expect(browserImpersonationSchema.safeParse({ action: 'start', user_id: '0x5' }).success).toBe(false);
    expect(browserImpersonationSchema.safeParse({ action: 'start', user_id: [4] }).success).toBe(false);
    expect(browserImpersonationSchema.parse({ action: 'start', user_id: '5' })).toEqual({ action: 'start', user_id: 5 });
  });
});
