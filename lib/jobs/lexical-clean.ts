/**
 * A Lexical state as sent by a client → the state that is stored and later loaded into other
 * people's editors (a job's editors, a channel's news writers). The HTML is sanitized separately
 * (lib/jobs/sanitize.ts); this is the same allow-list applied to the state itself, since the state
 * is what an editor opens:
 * - only the node types the editor registers (components/editor/config.ts); another type would make
 *   the editor throw on load, so an unknown element gives way to its children and an unknown leaf
 *   to its text, if it has any;
 * - only the fields those nodes read, each a plain value (no nested objects for a later reader to trip on);
 * - links only to web, mail and phone addresses (another link keeps its text, unlinked), images only
 *   from http(s) or this site, the same rules as the HTML;
 * - inline styles only from the HTML's allow-list (font size, colours, alignment…): a `position:
 *   fixed` box laid over a co-worker's editor is not something a post may carry;
 * - inline nodes straight under the root (where Lexical refuses them) wrapped in a paragraph.
 * Runs after richTextProblem bounded the depth and size, so recursion is safe.
 */
import { isJsonObject, isSafeHref, isSafeImageSrc, type JsonObject } from './rich-text-rules';

/** The inline styles rich text may carry: the HTML's (lib/jobs/sanitize.ts), and a Lexical state's text and block styles. */
export const STYLE_RULES: Record<string, RegExp[]> = {
  'text-align': [/^(left|right|center|justify)$/],
  'padding-left': [/^\d{1,3}px$/],
  'font-weight': [/^(bold|normal|\d{3})$/],
  'font-style': [/^(italic|normal)$/],
  'text-decoration': [/^(underline|line-through|none)$/],
  'font-size': [/^\d{1,2}(\.\d+)?(pt|px)$/],
  color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
  'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
  width: [/^\d{1,4}(px|%)$/],
};

const ELEMENTS = new Set(['root', 'paragraph', 'heading', 'quote', 'code', 'list', 'listitem', 'link', 'autolink', 'table', 'tablerow', 'tablecell']);
const LEAVES = new Set(['text', 'code-highlight', 'linebreak', 'tab', 'horizontalrule', 'image']);
/** What may not stand directly under the root. */
const INLINE = new Set(['text', 'code-highlight', 'linebreak', 'tab', 'link', 'autolink']);

/** The fields the registered nodes read from their JSON. */
const FIELDS = new Set([
  'type', 'version', 'direction', 'format', 'indent', 'textFormat', 'textStyle', 'style', 'text', 'detail', 'mode', 'tag',
  'listType', 'start', 'value', 'checked', 'url', 'rel', 'target', 'title', 'src', 'altText', 'width', 'height', 'language',
  'headerState', 'colSpan', 'rowSpan', 'backgroundColor', 'colWidths', 'rowStriping', 'frozenColumnCount', 'frozenRowCount',
  'verticalAlign', 'isUnlinked', 'highlightType',
]);

const isPlain = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The declarations of a style string that the rules allow, in their order. */
export function cleanStyle(style: string, rules: Record<string, RegExp[]>): string {
  return style
    .split(';')
    .map((declaration) => {
      const colon = declaration.indexOf(':');
      if (colon < 0) return null;
      const property = declaration.slice(0, colon).trim().toLowerCase();
      const value = declaration.slice(colon + 1).trim();
      // Own properties only: `constructor` or `__proto__` would read what every object inherits (and throw).
      const allowed = Object.hasOwn(rules, property) ? rules[property] : undefined;
      return allowed?.some((rule) => rule.test(value)) ? `${property}: ${value}` : null;
    })
    .filter(Boolean)
    .join('; ');
}

/** The state, cleaned; anything that is not a state ({root}) is returned as it is. */
export function cleanLexicalState(state: unknown): unknown {
  if (!isJsonObject(state) || !isJsonObject(state.root)) return state;
  const [root] = cleanNode({ ...state.root, type: 'root' });
  return { root };
}

function cleanNode(node: unknown): JsonObject[] {
  if (!isJsonObject(node)) return [];
  const type = str(node.type);
  const children = () => (Array.isArray(node.children) ? node.children.flatMap((child) => cleanNode(child)) : []);
  if (!ELEMENTS.has(type) && !LEAVES.has(type)) {
    const kept = children();
    return kept.length || typeof node.text !== 'string' ? kept : [{ type: 'text', version: 1, text: node.text, format: 0, style: '', mode: 'normal', detail: 0 }];
  }
  if (type === 'image' && !isSafeImageSrc(str(node.src))) return [];
  if ((type === 'link' || type === 'autolink') && !isSafeHref(str(node.url))) return children();

  const clean: JsonObject = {};
  for (const [field, value] of Object.entries(node)) {
    if (!FIELDS.has(field)) continue;
    if (field === 'colWidths') {
      if (Array.isArray(value)) clean.colWidths = value.filter((w) => typeof w === 'number' && Number.isFinite(w));
    } else if (isPlain(value)) clean[field] = value;
  }
  if (typeof clean.style === 'string') clean.style = cleanStyle(clean.style, STYLE_RULES);
  if (typeof clean.textStyle === 'string') clean.textStyle = cleanStyle(clean.textStyle, STYLE_RULES);
  if (clean.backgroundColor != null && !STYLE_RULES['background-color']?.some((rule) => rule.test(str(clean.backgroundColor)))) clean.backgroundColor = null;
  if (clean.target != null && clean.target !== '_blank') clean.target = null;
  // An address on a node that does not use it is still not stored unless it is one a link or image could take.
  if (clean.url !== undefined && !isSafeHref(str(clean.url))) delete clean.url;
  if (clean.src !== undefined && !isSafeImageSrc(str(clean.src))) delete clean.src;
  if (ELEMENTS.has(type)) clean.children = type === 'root' ? blocks(children()) : children();
  return [clean];
}

/** Runs of inline nodes under the root, each in a paragraph of its own. */
function blocks(nodes: JsonObject[]): JsonObject[] {
  const out: JsonObject[] = [];
  let run: JsonObject[] | null = null;
  for (const node of nodes) {
    if (!INLINE.has(str(node.type))) {
      run = null;
      out.push(node);
    } else if (run) run.push(node);
    else {
      run = [node];
      out.push({ type: 'paragraph', version: 1, direction: null, format: '', indent: 0, children: run });
    }
  }
  return out;
}
