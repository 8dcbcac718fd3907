import fc from 'fast-check';
import type { ZodType } from 'zod';
import { companyNameRule } from '@/lib/companies/schemas';
import { nameRule, passwordRule } from '@/lib/accounts/schemas';
import { tagSchema } from '@/lib/jobs/schemas';
import { channelCreateSchema, postCreateSchema } from '@/lib/news/schemas';
import { SINGLE_LINE_MESSAGE } from '@/lib/validation/text';

const CONTROLS = [...Array.from({ length: 32 }, (_, i) => i), ...Array.from({ length: 33 }, (_, i) => 0x7f + i)].map((c) => String.fromCharCode(c));
const messagesOf = (schema: ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

// Each one-line field, wrapped so the value lands in the field.
const FIELDS: [string, (v: string) => [ZodType, unknown]][] = [
  ['company name', (v) => [companyNameRule, v]],
  ['a person’s name', (v) => [nameRule, v]],
  ['tag', (v) => [tagSchema, { tag: v }]],
  ['channel name', (v) => [channelCreateSchema, { name: v, channel_type: 'News' }]],
  ['post title', (v) => [postCreateSchema, { title: v, body: '<p>x</p>' }]],
];

describe.each(FIELDS)('%s', (_, wrap) => {
  it('is refused with the one-line message when a control character sits inside it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom(...CONTROLS), fc.string({ minLength: 1, maxLength: 10 }), (a, control, b) => {
        // Letters around it, so trimming cannot take the character away.
        const [schema, value] = wrap(`Ab${a.replace(/[^a-z ]/gi, '')}${control}${b.replace(/[^a-z ]/gi, '')}Cd`);
        expect(messagesOf(schema, value)).toContain(SINGLE_LINE_MESSAGE);
      }),
      { numRuns: 200 },
    );
  });

  it('takes ordinary text, accents and symbols', () => {
    const [schema, value] = wrap('Ana María O’Neil-Smith');
    expect(messagesOf(schema, value)).not.toContain(SINGLE_LINE_MESSAGE);
  });
});

it('a password may hold any character its owner can type again', () => {
  expect(messagesOf(passwordRule, 'Tab\tTab9!x')).toEqual([]);
});
