/**
 * Post excerpts for the news lists, made from the start of body_html only: a list reads
 * `left(body_html, N)` rather than whole bodies (tens of kB each, and the Lexical state besides)
 * to show two lines of text. The HTML is the sanitized one the post page shows, so its text is the
 * text of the Lexical state it was rendered from (paragraphs, items, cells and line breaks alike).
 */
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { newsPosts } from '@/lib/db/schema';
import { htmlPlainText } from '@/lib/jobs/rich-text';
import { cutWhole } from '@/lib/validation/text';

/** Characters of an excerpt (the last one an ellipsis when the text is longer). */
export const EXCERPT_LENGTH = 200;

/** Characters of body_html a list reads per post: far more markup than 200 characters of text take. */
export const EXCERPT_HTML_CHARS = 4000;

/**
 * A text as an excerpt: whitespace collapsed, at most `length` characters, `…` when shortened. The
 * cut is on a whole character (cutWhole): half of an emoji showed as a broken mark.
 */
export function excerptOfText(text: string, length = EXCERPT_LENGTH): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${cutWhole(flat, length - 1).trimEnd()}…` : flat;
}

/**
 * The start of an HTML string cut at any character, without what the cut broke: a tag left open
 * (`<a href="/x` would otherwise be text) and an entity cut short (`&am` would show as such).
 * Sanitized HTML escapes every `<`, `>` and `&` of its text and attributes, so a `<` with no `>`
 * after it is a cut tag and an `&` with no `;` after it a cut entity. Linear: two scans from the end.
 */
export function withoutCutMarkup(html: string): string {
  let end = html.length;
  const lt = html.lastIndexOf('<');
  if (lt >= 0 && html.indexOf('>', lt) < 0) end = lt;
  const amp = html.lastIndexOf('&', end - 1);
  if (amp >= 0 && end - amp <= 12 && html.indexOf(';', amp) < 0 && /^&#?[0-9a-z]*$/i.test(html.slice(amp, end))) end = amp;
  return end === html.length ? html : html.slice(0, end);
}

/**
 * The excerpt of a post from the start of its body_html. `cut`: the body goes on past `start`. Null
 * when the start holds too little text to decide the excerpt (markup-heavy openings): the whole body
 * decides then. Otherwise it is exactly the excerpt of the whole body: the start's text is the
 * beginning of the body's text, and more than `length` characters of it fix the excerpt.
 */
export function excerptOfHtmlStart(start: string, cut: boolean, length = EXCERPT_LENGTH): string | null {
  if (!cut) return excerptOfText(htmlPlainText(start), length);
  const text = htmlPlainText(withoutCutMarkup(start)).replace(/\s+/g, ' ').trim();
  return text.length > length ? excerptOfText(text, length) : null;
}

/** The column a list selects for its excerpts: the start of body_html, one character past what it uses, to tell a cut body. */
export const excerptSource = sql<string>`left(${newsPosts.bodyHtml}, ${sql.raw(String(EXCERPT_HTML_CHARS + 1))})`;

/**
 * The excerpts of a page of posts, by id, from their `excerptSource`. The rare post whose start holds
 * too little text (a long run of images or links first) has its whole body_html read, alone.
 */
export async function excerptsOf(db: Database, rows: readonly { id: number; excerptSource: string }[]): Promise<Map<number, string>> {
  const excerpts = new Map<number, string>();
  const short: number[] = [];
  for (const r of rows) {
    // More than N characters: the body went on (counted in UTF-16 units, a whole body of N characters
    // with some beyond the BMP is taken for cut, which only costs it the checks a cut body has).
    const made = excerptOfHtmlStart(r.excerptSource, r.excerptSource.length > EXCERPT_HTML_CHARS);
    if (made === null) short.push(r.id);
    else excerpts.set(r.id, made);
  }
  if (short.length) {
    const whole = await db.select({ id: newsPosts.id, bodyHtml: newsPosts.bodyHtml }).from(newsPosts).where(inArray(newsPosts.id, short));
    for (const r of whole) excerpts.set(r.id, excerptOfText(htmlPlainText(r.bodyHtml)));
  }
  return excerpts;
}
