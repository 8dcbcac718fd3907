/**
 * One-line text (names, titles, tags, addresses): what other people see in lists, mail subjects,
 * CSV exports and logs. A line break, a tab or an invisible control character there (C0, DEL, C1)
 * is never typed on purpose, breaks those places (a forged second line in a log, a mail header, a
 * cell), and cannot be seen to be removed, so it is refused with a message that says what to do.
 * NUL is refused earlier, for every field (lib/api/input-guard.ts). Multi-line text (descriptions,
 * messages, post bodies) keeps its line breaks and is not checked here. Client-safe.
 */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;

export const SINGLE_LINE_MESSAGE = 'Remove line breaks, tabs and invisible characters from this field.';

export const isSingleLine = (value: string) => !CONTROL_CHARACTERS.test(value);

/**
 * `text` cut to `max` UTF-16 units (as a field's limit counts them) on a whole character: a
 * character across the limit (an emoji, a surrogate pair) is left out rather than halved. Half of
 * one is no text: PostgreSQL refuses it in JSON, and a browser shows it as a replacement mark.
 */
export function cutWhole(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}
