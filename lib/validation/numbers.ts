import { z } from 'zod';
import { MAX_OFFSET, MAX_ROW_ID } from './row-id';

/** A number as a JSON number carries it, or as a query string writes it: decimal digits, a sign, a point. */
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/;

/**
 * Wraps a coerced number schema so that it coerces only a number or a string of decimal digits.
 * zod's coercion is `Number(input)`, which reads `true` and `[1]` as 1, `'0x2'` as 2, `'1e3'` as
 * 1000 and `''` or `null` as 0: a payment sent `{"job_id": true}` charged job 1. Anything else
 * reaches the schema as NaN and gets its own message. A missing value and an empty one (`?offset=`)
 * reach it as undefined: the default applies, an optional field stays unset, a required one is
 * refused with its message.
 */
export function plainNumber<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => {
    if (v === undefined || typeof v === 'number') return v;
    if (typeof v === 'string') return v.trim() === '' ? undefined : DECIMAL.test(v) ? v : Number.NaN;
    return Number.NaN;
  }, schema);
}

/**
 * A row's id sent as a number (a query parameter or a body field): a whole number from 1 to
 * MAX_ROW_ID. A larger one reached the database, which refused it as out of range: a 400 "Invalid
 * value." with no field, where a 422 at the field says which value is wrong.
 */
export const rowIdNumber = () => plainNumber(z.coerce.number().int().positive().max(MAX_ROW_ID));

export const OFFSET_MESSAGE = 'Offset must be a whole number, 0 or more.';

/**
 * A list's offset (`?offset=20`), 0 when absent: at most MAX_OFFSET, as every list caps it. A larger
 * one only makes the database step over (and the page's count read) every row to answer nothing.
 */
export const pageOffsetNumber = () =>
  plainNumber(z.coerce.number({ error: OFFSET_MESSAGE }).int(OFFSET_MESSAGE).min(0, OFFSET_MESSAGE).max(MAX_OFFSET, OFFSET_MESSAGE).default(0));
