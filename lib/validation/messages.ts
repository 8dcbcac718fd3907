/**
 * zod's default messages ('Invalid input: expected string, received undefined') are written for
 * developers. This error map is installed once for the whole app (server and browser), so every
 * issue a schema does not name itself reads as a sentence about the field: 'First name is required.'
 * Messages the schemas write (the spec's own) always win: zod asks the global map last.
 * Client-safe: no server code.
 */
import type { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

/** 'first_name', 'firstName' and 'first-name' all read 'First name'. */
export function fieldLabel(path: readonly PropertyKey[] | undefined): string {
  const key = [...(path ?? [])].reverse().find((p): p is string => typeof p === 'string');
  if (!key) return 'This value';
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'This value';
}

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
};

const plural = (n: number | bigint, one: string) => `${n} ${one}${Number(n) === 1 ? '' : 's'}`;

function sizeMessage(issue: Issue & { origin?: string; inclusive?: boolean }, field: string, bound: number | bigint, atMost: boolean): string {
  // `.positive()` and `.gt()` bound exclusively: 0 itself is refused, so 'at least 0' would be wrong.
  const exclusive = issue.inclusive === false;
  const limit = atMost ? 'at most' : 'at least';
  // Lengths and counts are whole: more than n is at least n + 1.
  const count = exclusive ? Number(bound) + (atMost ? -1 : 1) : bound;
  switch (issue.origin) {
    case 'string':
      return !atMost && Number(count) <= 1 ? `${field} is required.` : `${field} must have ${limit} ${plural(count, 'character')}.`;
    case 'array':
    case 'set':
      return `${field} must have ${limit} ${plural(count, 'item')}.`;
    case 'file':
      return `${field} must be ${limit} ${count} bytes.`;
    default:
      if (exclusive) return `${field} must be ${atMost ? 'less' : 'greater'} than ${bound}.`;
      return `${field} must be ${limit} ${bound}.`;
  }
}

/** The message of one issue, for people. */
export function messageForIssue(issue: Issue): string {
  const field = fieldLabel(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return `${field} is required.`;
      return `${field} must be ${KINDS[issue.expected] ?? 'a valid value'}.`;
    case 'too_small':
      return sizeMessage(issue, field, issue.minimum, false);
    case 'too_big':
      return sizeMessage(issue, field, issue.maximum, true);
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'url') return `${field} must be a web address starting with http:// or https://.`;
      return `${field} is not in the right format.`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'invalid_value':
      return `${field} is not one of the allowed values.`;
    default:
      return `${field} is not valid.`;
  }
}

/**
 * The `error` of a string schema with a message of its own: `z.string({ error: textError(NAME_REQUIRED) })`.
 * A schema's `error` answers every issue it raises, and such messages speak of a missing or badly
 * written value ('You must enter your name', 'The message must be at most 1,000 characters.'), so a
 * number sent for the text was told one of those. A value of another type gets this map's answer,
 * which says what is expected ('First name must be text.'); a missing one (undefined, null) and
 * every other issue keep the schema's message.
 */
export function textError(message: string) {
  return (issue: Issue) => (issue.code === 'invalid_type' && issue.input != null ? undefined : message);
}

// Installed through zod's own global config object (the one `z.config` writes), not `z.config`
// itself: the browser's root providers import this file, and importing zod's runtime there put all
// of zod into every page's first-load JS. zod reads `customError` from this object at issue time,
// whether this runs before or after zod loads.
type ZodGlobal = { __zod_globalConfig?: { customError?: (issue: Issue) => string } };
((globalThis as ZodGlobal).__zod_globalConfig ??= {}).customError = messageForIssue;
