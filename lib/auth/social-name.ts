import { nameRule } from '@/lib/accounts/schemas';
import { cutWhole } from '@/lib/validation/text';

/** What a social sign-up stores where the provider's name gives nothing the name rule accepts. */
export const FALLBACK_FIRST_NAME = 'Driver';
export const FALLBACK_LAST_NAME = 'Driver';

const NAME_MAX = 100;
const WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

/**
 * One word of the provider's name as the name rule takes it: its letters, with an apostrophe or
 * hyphen only between letters ("Dr." → "Dr", "Dana🚚" → "Dana"). A word with combining marks (most
 * Indic scripts, a decomposed accent NFC could not compose) is dropped whole: without its marks it
 * would be another, misspelled word.
 */
function cleanWord(word: string): string | null {
  if (/\p{M}/u.test(word)) return null;
  const kept = word
    .replace(/[^\p{L}'’-]/gu, '')
    .replace(/(['’-])['’-]+/g, '$1')
    .replace(/^['’-]+|['’-]+$/g, '');
  return WORD.test(kept) ? kept : null;
}

/** Whole words up to the limit; a single word over it is cut on a whole character. */
function fit(words: string[]): string {
  if (words.length === 0) return '';
  let text = words[0];
  // A separator the cut leaves at the end goes.
  if (text.length > NAME_MAX) return cutWhole(text, NAME_MAX).replace(/['’-]+$/, '');
  for (const word of words.slice(1)) {
    if (text.length + 1 + word.length > NAME_MAX) break;
    text += ` ${word}`;
  }
  return text;
}

/**
 * The first and last name a social sign-up stores, from the provider's full name: the first word
 * and the rest, each held to the sign-up's name rule (2-100 characters, letters with single spaces,
 * an apostrophe or hyphen inside a word). A provider's name is free text ("Dr. Dana R. Road Jr.",
 * one word, an emoji, 300 characters), and a name the rule refuses could never be saved back by its
 * own account (the profile form sends it as it stands). Where nothing valid remains of a part, it
 * is the neutral FALLBACK_* word the person can change.
 */
export function namesFromProvider(name: string): { firstName: string; lastName: string } {
  const words = name
    .normalize('NFC')
    .split(/\s+/)
    .map(cleanWord)
    .filter((w): w is string => !!w);
  const valid = (value: string, fallback: string) => (value && nameRule.safeParse(value).success ? value : fallback);
  return {
    firstName: valid(fit(words.slice(0, 1)), FALLBACK_FIRST_NAME),
    lastName: valid(fit(words.slice(1)), FALLBACK_LAST_NAME),
  };
}
