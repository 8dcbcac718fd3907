import fc from 'fast-check';
import { STYLE_RULES, cleanLexicalState, cleanStyle } from '@/lib/jobs/lexical-clean';

const clean = (state: unknown) => cleanLexicalState(state) as { root: { children: Record<string, unknown>[] } };
const KNOWN = ['root', 'paragraph', 'heading', 'quote', 'code', 'list', 'listitem', 'link', 'autolink', 'table', 'tablerow', 'tablecell', 'text', 'code-highlight', 'linebreak', 'tab', 'horizontalrule', 'image'];

function types(node: unknown, into: string[] = []): string[] {
  if (!node || typeof node !== 'object') return into;
  const n = node as { type?: string; children?: unknown[] };
  into.push(n.type ?? '');
  for (const child of n.children ?? []) types(child, into);
  return into;
}

describe('cleaning a Lexical state before it is stored', () => {
  it('keeps the allowed declarations of a style, in order, and nothing else', () => {
    expect(cleanStyle('color: #fff; position:fixed; FONT-SIZE: 12px;background-color: rgb(1, 2, 3); width: expression(alert(1))', STYLE_RULES)).toBe(
      'color: #fff; font-size: 12px; background-color: rgb(1, 2, 3)',
    );
    expect(cleanStyle('', STYLE_RULES)).toBe('');
    expect(cleanStyle('no colon here', STYLE_RULES)).toBe('');
    // A property every object inherits is not allowed (it threw "rules[property]?.some is not a function").
    expect(cleanStyle('constructor: red; __proto__: x; Constructor: 1; color: #fff', STYLE_RULES)).toBe('color: #fff');
  });

  it('wraps text standing straight under the root in one paragraph per run', () => {
    const out = clean({ root: { type: 'root', children: [{ type: 'text', text: 'a' }, { type: 'linebreak' }, { type: 'horizontalrule' }, { type: 'text', text: 'b' }] } });
    expect(out.root.children.map((c) => c.type)).toEqual(['paragraph', 'horizontalrule', 'paragraph']);
    expect((out.root.children[0].children as unknown[]).length).toBe(2);
  });

  it('leaves anything that is not a state alone', () => {
    expect(cleanLexicalState('<p>html</p>')).toBe('<p>html</p>');
    expect(cleanLexicalState({ notRoot: 1 })).toEqual({ notRoot: 1 });
  });

  // Any tree of known and unknown nodes, with junk fields: the result holds only types the editor
  // registers, every element has its children, and cleaning again changes nothing.
  const node: fc.Memo<Record<string, unknown>> = fc.memo((n) =>
    fc.record(
      {
        type: fc.oneof(fc.constantFrom(...KNOWN.filter((t) => t !== 'root')), fc.string({ maxLength: 6 })),
        text: fc.string({ maxLength: 8 }),
        url: fc.constantFrom('https://ok.test', 'javascript:x', 'mailto:a@b.test', ''),
        src: fc.constantFrom('https://ok.test/i.png', '/api/x', '//evil.test/i.png', 'data:x'),
        style: fc.constantFrom('color: #000', 'position: fixed', ''),
        junk: fc.anything({ maxDepth: 1 }),
        children: n <= 1 ? fc.constant([]) : fc.array(node(n - 1), { maxLength: 3 }),
      },
      { requiredKeys: ['type'] },
    ),
  );

  it('holds only registered types, is idempotent, and never keeps a script link or a foreign image', () => {
    fc.assert(
      fc.property(fc.array(node(4), { maxLength: 4 }), (children) => {
        const once = clean({ root: { type: 'root', children } });
        expect(types(once.root).every((t) => KNOWN.includes(t))).toBe(true);
        expect(clean(once)).toEqual(once);
        const json = JSON.stringify(once);
        expect(json).not.toMatch(/javascript:|\/\/evil\.test|position|"junk"/);
        for (const child of once.root.children) expect(['text', 'linebreak', 'tab', 'link', 'autolink', 'code-highlight']).not.toContain(child.type);
      }),
      { numRuns: 300 },
    );
  });
});
