// Server code (sanitize-html); the client renders nothing from here.
import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { unprocessable } from '@/lib/errors';
import { RICH_TEXT_LIMITS, RICH_TEXT_MESSAGES, isLexicalState, lexicalToHtml } from './rich-text';
import { repairTables } from './table-rules';
import { isSafeImageSrc } from './rich-text-rules';
import { STYLE_RULES, cleanLexicalState } from './lexical-clean';

const CELL_ATTRS = ['colspan', 'rowspan', 'colwidth', 'style', 'class', 'id', 'headers', 'scope'];
const BASIC = ['style', 'class', 'id'];

/**
 * The schema keeps class and id on marks, blocks and cells (jobs spec §5), but rich text is shown
 * inside our pages: a class such as `fixed inset-0 z-50 bg-white` would take the site's own styles
 * and could lay a fake sign-in box over the whole public job page, and an id could shadow one of
 * the page's (`main`, `side-nav`). So only classes in the rich text's own namespace are kept (no
 * stylesheet of ours names them), and every id is put in its own namespace, as GitHub does.
 */
const RICH_TEXT_CLASSES = ['rt-*'];
const ID_PREFIX = 'user-content-';
const ownId = (attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes =>
  attribs.id === undefined ? attribs : { ...attribs, id: attribs.id.startsWith(ID_PREFIX) ? attribs.id : `${ID_PREFIX}${attribs.id}` };

/**
 * THE allow-list of rich text (jobs spec §5): job descriptions and news posts both go through it.
 * Inline marks, tables (with column groups read from stored markup), the output-only blocks, and
 * editor images (http(s) or site-relative sources only).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'strong', 'b', 'em', 'i', 'del', 's', 'sub', 'sup', 'code', 'u', 'span',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'colgroup', 'col', 'blockquote', 'hr', 'pre', 'ol', 'ul', 'li', 'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'title', 'rel', ...BASIC],
    span: BASIC,
    p: BASIC,
    li: BASIC,
    h1: BASIC, h2: BASIC, h3: BASIC, h4: BASIC, h5: BASIC, h6: BASIC,
    ol: ['start', ...BASIC],
    table: BASIC,
    tr: BASIC,
    td: CELL_ATTRS,
    th: CELL_ATTRS,
    colgroup: ['span', ...BASIC],
    col: ['span', ...BASIC],
    img: ['src', 'alt', 'width', 'height', ...BASIC],
  },
  allowedClasses: { '*': RICH_TEXT_CLASSES },
  allowedSchemesByTag: { img: ['http', 'https'] },
  // An image needs an absolute http(s) source or one on this site ('/api/...'); others are dropped.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isSafeImageSrc(frame.attribs.src ?? ''),
  // col is a void element: never '<col></col>'.
  selfClosing: ['img', 'br', 'hr', 'col'],
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  allowedStyles: { '*': STYLE_RULES },
  // sanitize-html runs one transform per tag (its own, else '*'), so the link's also namespaces its id.
  transformTags: {
    // Links leave the site: never pass our referrer or window to them, nor lend them our ranking.
    a: (tagName, attribs) => ({ tagName, attribs: { ...ownId(attribs), target: '_blank', rel: 'noopener noreferrer nofollow' } }),
    '*': (tagName, attribs) => ({ tagName, attribs: ownId(attribs) }),
  },
};

export function sanitizeDescriptionHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** sanitize-html's own parser options (its defaults), so the check below parses as the sanitizer does. */
const PARSER_OPTIONS = { decodeEntities: true };
const TOO_DEEP = Symbol('too deep');

/**
 * Whether HTML opens more than `limit` elements inside one another, as the sanitizer's parser
 * (htmlparser2) sees them: its own open and close events are counted, implied closes included, so
 * `<b/>`, a stray `</i>`, alternating `<li><p>` or a `<!-->` comment count as it counts them (a
 * scanner of our own was fooled by each; a review of the first fix). The parser keeps its open
 * elements in an array it adds to at the front, so its time grows with the square of the nesting:
 * one news post of 150,000 `<b>` held the server for 18 s. Parsing stops at the limit, so this check
 * itself stays linear.
 */
export function htmlNestedDeeperThan(html: string, limit: number): boolean {
  let depth = 0;
  const parser = new Parser(
    {
      onopentagname() {
        if (++depth > limit) throw TOO_DEEP;
      },
      onclosetag() {
        depth--;
      },
    },
    PARSER_OPTIONS,
  );
  try {
    parser.end(html);
  } catch (error) {
    if (error === TOO_DEEP) return true;
    throw error;
  }
  return false;
}

/** What a refusal of too deep HTML says, and of which field. */
export type TooDeep = { message: string; field: string };

/**
 * Rich text as sent (Lexical state, its JSON string, or HTML) → what is stored: the state with its
 * tables repaired (table-rules.ts), and the sanitized HTML. News posts use it as renderRichText.
 */
export function renderDescription(input: unknown, tooDeep: TooDeep = { message: RICH_TEXT_MESSAGES.tooDeep, field: 'job_description' }): { json: unknown | null; html: string } {
  if (isLexicalState(input)) {
    const json = repairTables(cleanLexicalState(typeof input === 'string' ? JSON.parse(input) : input));
    return { json, html: sanitizeDescriptionHtml(lexicalToHtml(json) ?? '') };
  }
  const text = typeof input === 'string' ? input : '';
  // Plain text (no tags) keeps its paragraphs.
  // `[^<>]`, not `[\s\S]`: the latter retried from every `<a` of a long run (quadratic).
  const html = /<[a-z][^<>]*>/i.test(text)
    ? text
    : text
        .split(/\n{2,}/)
        .map((p) => `<p>${sanitizeHtml(p, { allowedTags: [] }).replace(/\n/g, '<br>')}</p>`)
        .join('');
  // A Lexical state's depth is bounded by its schema (richTextProblem); HTML's only here, before the sanitizer parses it.
  if (htmlNestedDeeperThan(html, RICH_TEXT_LIMITS.depth)) throw unprocessable(tooDeep.message, tooDeep.field);
  return { json: null, html: sanitizeDescriptionHtml(html) };
}

export const renderRichText = renderDescription;
