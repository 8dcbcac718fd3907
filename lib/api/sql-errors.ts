import { sqlState } from '@/lib/errors';

type Answer = { status: number; message: string };

/**
 * PostgreSQL refusals that a client's input can reach, by SQLSTATE. Services check what they can
 * first (a 404 for a missing company, a 422 on the field); this is the backstop that keeps what
 * slips past them a 4xx instead of a 500. Anything not listed stays an internal error.
 */
const ANSWERS: Record<string, Answer> = {
  '23505': { status: 409, message: 'Already exists.' },
  '22P02': { status: 400, message: 'Invalid value.' },
  '22003': { status: 400, message: 'Invalid value.' },
  // invalid_datetime_format, datetime_field_overflow, invalid_time_zone_displacement_value
  '22007': { status: 422, message: 'Invalid date.' },
  '22008': { status: 422, message: 'Invalid date.' },
  '22009': { status: 422, message: 'Invalid date.' },
};

const MISSING_REFERENCE: Answer = { status: 422, message: 'It refers to something that does not exist.' };
const STILL_REFERENCED: Answer = { status: 409, message: 'It is still in use.' };

/** The answer for a PostgreSQL error a client caused, or undefined. */
export function sqlErrorAnswer(error: unknown): Answer | undefined {
  const state = sqlState(error);
  if (!state) return undefined;
  // A foreign key refuses both ways: a row naming one that does not exist, or removing one still named.
  if (state === '23503') return /still referenced/.test(detailOf(error)) ? STILL_REFERENCED : MISSING_REFERENCE;
  return ANSWERS[state];
}

/** PostgreSQL's detail line, through drizzle's wrapper (as `sqlState` reads the code). */
function detailOf(error: unknown): string {
  let e = error as { detail?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 4; depth++) {
    if (typeof e.detail === 'string') return e.detail;
    e = e.cause as typeof e;
  }
  return '';
}
