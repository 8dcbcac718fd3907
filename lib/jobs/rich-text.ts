/**
 * Lexical editor state → HTML and plain text, without a DOM (so the server renders job
 * descriptions with no browser). The HTML is sanitized afterwards by lib/jobs/sanitize.ts.
 * Client-safe: the zod schema uses lexicalPlainText to refuse an empty description.
 */

import { INDENT_STEP_PX, MAX_INDENT_LEVELS } from './editor-rules';
import { isSafeHref, isSafeImageSrc, type JsonObject } from './rich-text-rules';
import { TABLE_LIMITS, tableWithinLimits } from './table-rules';

type LexicalNode = {
  type?: string;
  text?: string;
  format?: number | string;
  indent?: number;
  tag?: string;
  listType?: string;
  start?: number;
  url?: string;
  target?: string | null;
  rel?: string | null;
  title?: string | null;
  headerState?: number;
  colSpan?: number;
  rowSpan?: number;
  checked?: boolean;
  style?: string;
  colWidths?: unknown[];
  src?: string;
  altText?: string;
  width?: number;
  height?: number;
  language?: string;
  children?: LexicalNode[];
};

/** A field of a hand-written state may be any JSON value: only strings are text. */
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Text format bits of a Lexical text node, outermost first. */
const TEXT_MARKS: [bit: number, tag: string][] = [
  [1, 'strong'],
  [2, 'em'],
  [8, 'u'],
  [4, 'del'],
  [16, 'code'],
  [32, 'sub'],
  [64, 'sup'],
];

/** A Lexical state as a whole ({root, ...}), from an object or its JSON string; null otherwise. */
function parseWhole(input: unknown): { root: LexicalNode } | null {
  let v = input;
  if (typeof v === 'string') {
    const s = v.trim();
    if (!s.startsWith('{')) return null;
    try {
      v = JSON.parse(s);
    } catch {
      return null;
    }
  }
  if (v && typeof v === 'object' && 'root' in v) return v as { root: LexicalNode };
  return null;
}

function parseState(input: unknown): LexicalNode | null {
  return parseWhole(input)?.root ?? null;
}

/** True for a Lexical state (object or JSON string); false for an HTML or plain string. */
export function isLexicalState(input: unknown): boolean {
  return parseState(input) !== null;
}

const isNode = (v: unknown): v is LexicalNode => !!v && typeof v === 'object' && !Array.isArray(v);

/** A node's children that are nodes (a hand-written state may hold null or numbers there). */
function children(node: LexicalNode) {
  return Array.isArray(node.children) ? node.children.filter(isNode) : [];
}

const TEXT_NODES = new Set(['text', 'code-highlight']);

/**
 * A text node's text (and any node's, where it has one) is a string. Otherwise the renderer reads
 * it as no text, so `{"type":"text","text":123}` was published as an empty post, while the stored
 * state kept the number for every editor that opens it later.
 */
function textIsString(node: LexicalNode) {
  const text: unknown = node.text;
  return typeof text === 'string' || (text === undefined && !TEXT_NODES.has(node.type ?? ''));
}

/**
 * Limits of a description (rendering recurses once per level). Depth counts JSON levels, two per
 * nested block: far deeper than the editor's ten indent levels, far shallower than a stack.
 */
export const RICH_TEXT_LIMITS = { depth: 100, nodes: 20_000 } as const;

/** The messages of richTextProblem, naming what is being written ('job description', 'post'). */
export function richTextMessages(subject: string) {
  return {
    tooDeep: `The ${subject} is nested too deeply. Remove some levels of lists or quotes and try again.`,
    tooLong: `The ${subject} is too long. Shorten it and try again.`,
    invalid: `The ${subject} could not be read. Reload the page and write it again.`,
    nul: `The ${subject} contains an invisible control character (NUL) that is not allowed. Remove it and try again.`,
    tableTooLarge: `A table in the ${subject} is too large: tables can have at most ${TABLE_LIMITS.columns} columns and ${TABLE_LIMITS.cells.toLocaleString('en-US')} cells. Split it into smaller tables.`,
  } as const;
}

export const RICH_TEXT_MESSAGES = richTextMessages('job description');

/**
 * What is wrong with a Lexical state, or null: checked without recursion, before anything that
 * recurses (rendering, plain text, JSON.stringify for storage) reads it. The JSON-string form never
 * passed the API's own input check, so NUL (which no PostgreSQL text or jsonb holds) is looked for
 * here too. HTML and plain strings are not Lexical: null (their nesting is bounded on the server,
 * lib/jobs/sanitize.ts htmlNestedDeeperThan).
 */
export function richTextProblem(input: unknown, messages: ReturnType<typeof richTextMessages> = RICH_TEXT_MESSAGES): string | null {
  const state = parseWhole(input);
  if (!state) return null;
  if (!isNode(state.root)) return messages.invalid;
  const stack: [unknown, number][] = [[state, 0]];
  let count = 0;
  while (stack.length) {
    const [value, depth] = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return messages.nul;
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    if (++count > RICH_TEXT_LIMITS.nodes) return messages.tooLong;
    if (depth > RICH_TEXT_LIMITS.depth) return messages.tooDeep;
    if (!Array.isArray(value)) {
      const node = value as LexicalNode;
      if (node.children !== undefined && !(Array.isArray(node.children) && node.children.every(isNode))) return messages.invalid;
      if (!textIsString(node)) return messages.invalid;
      if (node.type === 'table' && !tableWithinLimits(node as unknown as JsonObject)) return messages.tableTooLarge;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return messages.nul;
      stack.push([child, depth + 1]);
    }
  }
  return null;
}

function blockStyle(node: LexicalNode) {
  const styles: string[] = [];
  if (typeof node.format === 'string' && ['left', 'center', 'right', 'justify'].includes(node.format)) styles.push(`text-align: ${node.format}`);
  if (node.indent && node.indent > 0) styles.push(`padding-left: ${Math.min(node.indent, MAX_INDENT_LEVELS) * INDENT_STEP_PX}px`);
  return styles.length ? ` style="${styles.join('; ')}"` : '';
}

function renderNode(node: LexicalNode): string {
  const inner = () => children(node).map(renderNode).join('');
  switch (node.type) {
    case 'root':
      return inner();
    case 'text':
    case 'code-highlight': {
      let html = escapeHtml(str(node.text));
      const format = typeof node.format === 'number' ? node.format : 0;
      for (const [bit, tag] of [...TEXT_MARKS].reverse()) if (format & bit) html = `<${tag}>${html}</${tag}>`;
      // Font size and colours travel in the text's style (the sanitizer keeps the allowed ones).
      const style = str(node.style).trim();
      return style ? `<span style="${escapeHtml(style)}">${html}</span>` : html;
    }
    case 'tab':
      return '\t';
    case 'linebreak':
      return '<br>';
    case 'paragraph':
      return `<p${blockStyle(node)}>${inner() || '<br>'}</p>`;
    case 'heading': {
      const tag = /^h[1-6]$/.test(node.tag ?? '') ? node.tag : 'h2';
      return `<${tag}${blockStyle(node)}>${inner()}</${tag}>`;
    }
    case 'quote':
      return `<blockquote>${inner()}</blockquote>`;
    case 'code':
      return `<pre><code>${inner()}</code></pre>`;
    case 'list': {
      const tag = node.listType === 'number' || node.tag === 'ol' ? 'ol' : 'ul';
      const start = tag === 'ol' && node.start && node.start !== 1 ? ` start="${Number(node.start)}"` : '';
      return `<${tag}${start}>${inner()}</${tag}>`;
    }
    case 'listitem':
      return `<li${blockStyle(node)}>${inner()}</li>`;
    case 'link':
    case 'autolink': {
      // Only web, mail and phone links get an address (the sanitizer says the same; previews rely on it).
      const href = isSafeHref(str(node.url)) ? escapeHtml(str(node.url)) : '';
      const title = str(node.title) ? ` title="${escapeHtml(str(node.title))}"` : '';
      return `<a${href ? ` href="${href}"` : ''}${title} target="_blank" rel="noopener noreferrer nofollow">${inner()}</a>`;
    }
    case 'horizontalrule':
      return '<hr>';
    case 'table': {
      const widths = Array.isArray(node.colWidths) ? node.colWidths.map(int) : [];
      const cols = widths.length ? `<colgroup>${widths.map((w) => (w ? `<col style="width: ${w}px">` : '<col>')).join('')}</colgroup>` : '';
      return `<table>${cols}<tbody>${inner()}</tbody></table>`;
    }
    case 'tablerow':
      return `<tr>${inner()}</tr>`;
    case 'tablecell': {
      const tag = node.headerState ? 'th' : 'td';
      const span =
        (int(node.colSpan) > 1 ? ` colspan="${int(node.colSpan)}"` : '') +
        (int(node.rowSpan) > 1 ? ` rowspan="${int(node.rowSpan)}"` : '') +
        (tag === 'th' ? ` scope="${node.headerState === 2 ? 'row' : 'col'}"` : '');
      return `<${tag}${span}>${inner()}</${tag}>`;
    }
    case 'image': {
      const src = str(node.src);
      if (!isSafeImageSrc(src)) return '';
      const size = (int(node.width) ? ` width="${int(node.width)}"` : '') + (int(node.height) ? ` height="${int(node.height)}"` : '');
      return `<img src="${escapeHtml(src)}" alt="${escapeHtml(str(node.altText))}"${size}>`;
    }
    default:
      // Unknown element nodes keep their text; unknown leaves are dropped.
      return inner();
  }
}

/** Lexical state → HTML (unsanitized); null when the input is not a Lexical state. */
export function lexicalToHtml(input: unknown): string | null {
  const root = parseState(input);
  return root ? renderNode(root) : null;
}

const BLOCKS = new Set(['paragraph', 'heading', 'quote', 'code', 'listitem', 'tablerow', 'list', 'table']);

function plain(node: LexicalNode): string {
  if (node.type === 'text' || node.type === 'code-highlight') return str(node.text);
  if (node.type === 'linebreak') return '\n';
  if (node.type === 'tab') return '\t';
  if (node.type === 'tablecell') return children(node).map(plain).join('') + ' ';
  const text = children(node).map(plain).join('');
  return BLOCKS.has(node.type ?? '') ? text + '\n' : text;
}

/** A Map, not an object literal: "&constructor;" read an inherited name as "function Object() { [native code] }". */
const ENTITIES: ReadonlyMap<string, string> = new Map(Object.entries({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }));

/** HTML entities decoded in one pass, so "&amp;lt;" stays the text "&lt;" (decoded twice it would be "<"). */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] !== '#') return ENTITIES.get(e.toLowerCase()) ?? m;
    const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
  });
}

/**
 * The text of an HTML string: tags removed, one line per block (paragraph, heading, item, row) or <br>.
 * It reads what a caller sent, before the sanitizer, so every step is linear in the input: a
 * pattern such as `<[^>]*>` or `[ \t]+\n` retries from each of a long run of `<` or spaces and
 * took seconds of the only thread for a 200 kB description.
 */
export function htmlPlainText(html: string): string {
  const text = withoutRawTextElements(html)
    .replace(/<br\s*\/?>|<\/(p|li|h[1-6]|div|tr|blockquote|pre)>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(/<[^<>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map(trimEndSpaces)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A line without its trailing spaces and tabs (not a regex: `[ \t]+$` backtracks over long runs). */
function trimEndSpaces(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return end === line.length ? line : line.slice(0, end);
}

/** `<script>` and `<style>` elements with their content removed (an unclosed one takes the rest), in one pass. */
function withoutRawTextElements(html: string): string {
  const open = /<(script|style)\b[^<>]*>/gi;
  let out = '';
  let from = 0;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const closer = new RegExp(`</${m[1]}`, 'gi');
    closer.lastIndex = open.lastIndex;
    const close = closer.exec(html);
    const end = close ? html.indexOf('>', close.index) + 1 || html.length : html.length;
    out += `${html.slice(from, m.index)} `;
    from = open.lastIndex = end;
  }
  return from ? out + html.slice(from) : html;
}

/** The text of a description: of a Lexical state, or of an HTML string with its tags removed. */
export function lexicalPlainText(input: unknown): string {
  const root = parseState(input);
  if (root) return plain(root).replace(/\n{3,}/g, '\n\n').trim();
  return typeof input === 'string' ? htmlPlainText(input) : '';
}
