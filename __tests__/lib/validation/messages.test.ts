import { z } from 'zod';
import { POST as createPost } from '@/app/api/v1.0/jobs/route';
import { GET as autocompleteGet } from '@/app/api/v1.0/geo/autocomplete/route';
import { MESSAGES } from '@/lib/jobs/schemas';
import { NAME_REQUIRED, signupFormSchema, signupPayloadSchema } from '@/lib/accounts/schemas';
import { loginSchema } from '@/lib/auth/schemas';
import { applySchema } from '@/lib/drivers/schemas';
import { fieldLabel, textError } from '@/lib/validation/messages';
import { TOKEN_TOO_LONG, socialLoginSchema } from '@/lib/auth/social-schema';
import { call } from '../../helpers/http';
import { seed } from '../../helpers/seed';
import { jobPayload, tokens } from '../../api/jobs/helpers';

/** zod's own wording, which must never reach a person. */
const LIBRARY_TEXT = /Invalid input|expected \w+, received|Too (big|small):|Invalid (string|option|element)/;

let t: Awaited<ReturnType<typeof tokens>>;
beforeAll(async () => {
  await seed();
  t = await tokens();
});

const messagesOf = (json: { errors: { message: string; field?: string }[] }) => json.errors.map((e) => e.message);

describe('plain-words validation messages', () => {
  it('names the field: snake_case, camelCase and nested paths', () => {
    expect(fieldLabel(['first_name'])).toBe('First name');
    expect(fieldLabel(['addresses', 0, 'postalCode'])).toBe('Postal code');
    expect(fieldLabel([])).toBe('This value');
  });

  it('says a missing or wrong-type field in words, in any schema without its own message', () => {
    const schema = z.object({ first_name: z.string(), driver_unload: z.boolean(), tags: z.array(z.string()).max(2), note: z.string().max(5) });
    const issues = schema.safeParse({ driver_unload: 'yes', tags: ['a', 'b', 'c'], note: 'too long' }).error!.issues;
    expect(issues.map((i) => i.message)).toEqual([
      'First name is required.',
      'Driver unload must be true or false.',
      'Tags must have at most 2 items.',
      'Note must have at most 5 characters.',
    ]);
  });

  it('a string field with its own message (textError) says a wrong type in words, and keeps its message otherwise', () => {
    const schema = z.object({ first_name: z.string({ error: textError(NAME_REQUIRED) }).min(2) });
    const message = (input: unknown) => schema.safeParse({ first_name: input }).error?.issues[0].message;
    for (const wrong of [5, true, ['Dan'], { name: 'Dan' }]) expect(message(wrong)).toBe('First name must be text.');
    for (const missing of [undefined, null, 'D']) expect(message(missing)).toBe(NAME_REQUIRED);
    expect(message('Dan')).toBeUndefined();
  });

  it.each<[string, z.ZodType, Record<string, unknown>, string]>([
    ['sign-up first name', signupPayloadSchema, { first_name: 5 }, 'First name must be text.'],
    ['sign-up email', signupPayloadSchema, { email: 5 }, 'Email must be text.'],
    ['login password', loginSchema, { email: 'a@b.test', password: 12345678 }, 'Password must be text.'],
    ['application message', applySchema, { message: 5 }, 'Message must be text.'],
    ['social sign-in token past 8 kB', socialLoginSchema, { source: 'google', token: 'a'.repeat(60_000) }, TOKEN_TOO_LONG],
  ])('%s: said in words, not as the field’s missing-value message', (_, schema, input, expected) => {
    expect(schema.safeParse(input).error!.issues.map((i) => i.message)).toContain(expected);
  });

  it('keeps the messages the spec writes', () => {
    const issues = signupFormSchema.safeParse({}).error!.issues.map((i) => i.message);
    for (const m of issues) expect(m).not.toMatch(LIBRARY_TEXT);
  });

  it('POST /jobs answers the missing and wrong-type fields in words', async () => {
    const body: Record<string, unknown> = { ...jobPayload({ driver_unload: 'yes' as never, benefits: 'dental' as never }) };
    delete body.addresses;
    const res = await call(createPost, { token: t.employer, body });
    expect(res.status).toBe(422);
    for (const m of messagesOf(res.json)) expect(m).not.toMatch(LIBRARY_TEXT);
    expect(res.json.errors).toEqual(
      expect.arrayContaining([
        { field: 'addresses', message: 'Addresses is required.' },
        { field: 'driver_unload', message: 'Driver unload must be true or false.' },
        { field: 'benefits', message: 'Benefits must be a list.' },
      ]),
    );
  });

  it('a job title over 150 characters has its own message, not "Enter a job title"', async () => {
    const res = await call(createPost, { token: t.employer, body: jobPayload({ title: 'A'.repeat(151) }) });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([{ field: 'title', message: MESSAGES.titleTooLong }]);
    expect(MESSAGES.titleTooLong).not.toBe(MESSAGES.title);
    const ok = await call(createPost, { token: t.employer, body: jobPayload({ title: 'A'.repeat(150) }) });
    expect(ok.status).toBe(201);
  });

  it.each([
    [{ description: 'London UK', city: 'London UK' }],
    [{ description: 'Toronto Canada', city: 'Toronto' }],
    [{ city: 'London UK', postal_code: '75201' }],
  ])('a job address outside the US is refused with the spec message: %j', async (address) => {
    const res = await call(createPost, { token: t.employer, body: jobPayload({ addresses: [address] as never }) });
    expect(res.status).toBe(422);
    expect(messagesOf(res.json)).toEqual(['Addresses should be from the US']);
  });

  it.each(['London UK', 'Toronto Canada', '10 Downing St London United Kingdom'])('the address search says %p is not in the US', async (q) => {
    const res = await call(autocompleteGet, { query: { q }, headers: { 'x-forwarded-for': '10.9.9.9' } });
    expect(res.status).toBe(422);
    expect(res.json).toEqual({ errors: [{ message: 'Addresses should be from the US', field: 'q' }] });
  });

  it('a US state named last still wins over a country word', async () => {
    const res = await call(autocompleteGet, { query: { q: 'Albuquerque New Mexico' }, headers: { 'x-forwarded-for': '10.9.9.8' } });
    expect(res.status).toBe(200);
    expect(res.json.data[0]).toMatchObject({ city: 'Albuquerque', state: 'NM' });
  });
});
