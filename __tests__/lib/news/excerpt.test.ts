/**
 * News list excerpts made from the start of body_html (lib/news/excerpt.ts): the same as the excerpt
 * of the Lexical state the body was rendered from, and of the whole HTML, wherever the start is cut;
 * never markup or a half entity from the cut; linear time.
 */
import { renderRichText } from '@/lib/jobs/sanitize';
import { htmlPlainText } from '@/lib/jobs/rich-text';
import { excerpt } from '@/lib/news/posts';
import { newsArticleJsonLd } from '@/lib/news/public';
import { EXCERPT_HTML_CHARS, excerptOfHtmlStart, excerptOfText, withoutCutMarkup } from '@/lib/news/excerpt';

type Node = Record<string, unknown>;
const text = (t: string, extra: Node = {}): Node => ({ type: 'text', text: t, format: 0, ...extra });
const para = (...children: Node[]): Node => ({ type: 'paragraph', children });
const state = (...children: Node[]) => ({ root: { type: 'root', children } });
const words = (n: number, seed = 'load') => Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** Lexical states of the kinds the editor writes, and edge cases of text. */
const STATES = {
  short: state(para(text('Road closed on I-35 near Waco.'))),
  long: state(...Array.from({ length: 40 }, (_, i) => para(text(`Paragraph ${i}: ${words(30)}`)))),
  heading: state({ type: 'heading', tag: 'h2', children: [text('Safety week')] }, para(text(words(60, 'tip')))),
  formatted: state(para(text('Bold ', { format: 1 }), text('italic', { format: 2 }), text(' coloured', { style: 'color: #c00' }), text(` and more ${words(50)}`))),
  entities: state(para(text(`Fish & chips <b>not bold</b> "quoted" it's 5 > 3 &amp; &lt;tag&gt; &nbsp; ${words(40)}`))),
  nbsp: state(para(text(`Non\u00a0breaking\u00a0spaces and \ttabs ${words(40)}`))),
  lineBreaks: state(para(text('First line'), { type: 'linebreak' }, text('second line'), { type: 'tab' }, text(words(40)))),
  list: state({ type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [text('One')] }, { type: 'listitem', children: [text('Two')] }] }, para(text(words(40)))),
  nestedList: state({ type: 'list', listType: 'number', start: 3, children: [{ type: 'listitem', children: [text('Outer')] }, { type: 'listitem', children: [{ type: 'list', listType: 'bullet', children: [{ type: 'listitem', children: [text('Inner')] }] }] }] }, para(text(words(40)))),
  table: state({ type: 'table', children: [{ type: 'tablerow', children: [{ type: 'tablecell', headerState: 1, children: [para(text('Lane'))] }, { type: 'tablecell', children: [para(text('Rate'))] }] }, { type: 'tablerow', children: [{ type: 'tablecell', children: [para(text('DAL-HOU'))] }, { type: 'tablecell', children: [para(text('$2.10'))] }] }] }, para(text(words(40)))),
  quoteAndCode: state({ type: 'quote', children: [text('Drive safe.')] }, { type: 'code', children: [text('line 1'), { type: 'linebreak' }, text('line 2')] }, para(text(words(40)))),
  link: state(para(text('See '), { type: 'link', url: 'https://example.com/a?b=1&c=2', children: [text('the notice')] }, text(` for ${words(40)}`))),
  image: state(para({ type: 'image', src: '/api/v1.0/news/images/1/a.webp', altText: 'A truck' }), para(text(words(50)))),
  rule: state(para(text('Above')), { type: 'horizontalrule' }, para(text(words(40)))),
  empty: state(para()),
  emptyParagraphs: state(para(), para(text('After blanks')), para(), para(text(words(40)))),
  exactly200: state(para(text('x'.repeat(200)))),
  exactly201: state(para(text('y'.repeat(201)))),
  astral: state(para(text(`Trucks 🚚 on the road ${'🚛'.repeat(150)} ${words(20)}`))),
};

describe('an excerpt from the HTML is the excerpt of the Lexical state it was rendered from', () => {
  it.each(Object.entries(STATES))('%s', (_, lexical) => {
    const { html } = renderRichText(lexical);
    const before = excerpt(lexical); // what the lists answered when they read the whole state
    expect(excerptOfText(htmlPlainText(html))).toBe(before);
    expect(excerptOfHtmlStart(html, false)).toBe(before);
    // The list reads at most EXCERPT_HTML_CHARS (+1 to tell a cut): the same excerpt, or none (then the whole body is read).
    const start = html.slice(0, EXCERPT_HTML_CHARS + 1);
    const fromStart = excerptOfHtmlStart(start, start.length > EXCERPT_HTML_CHARS);
    expect([before, null]).toContain(fromStart);
    if (html.length < 3_000) expect(fromStart).toBe(before);
  });

  it('keeps the 200-character limit and the ellipsis', () => {
    expect(excerptOfText('x'.repeat(200))).toBe('x'.repeat(200));
    expect(excerptOfText('y'.repeat(201))).toBe(`${'y'.repeat(199)}…`);
    expect(excerptOfText(`  a \n\n b\t c  `)).toBe('a b c');
    expect(excerptOfText(`${'x'.repeat(198)} \n  tail and more`)).toBe(`${'x'.repeat(198)}…`);
  });

  it('cuts on a whole character: an emoji the limit would halve is left out (half of one showed as a broken mark in the lists, the page description and its NewsArticle)', () => {
    // 'Trucks 🚚 on the road ' is 22 UTF-16 units: the 199th unit is the first half of a 🚛.
    const cut = excerptOfText(`Trucks 🚚 on the road ${'🚛'.repeat(150)} end`);
    expect(cut.isWellFormed()).toBe(true);
    expect(cut).toBe(`Trucks 🚚 on the road ${'🚛'.repeat(88)}…`);
    const headline = newsArticleJsonLd({ id: 1, title: `${'x'.repeat(109)}🚚 and more`, body_html: '', excerpt: '', thumbnail: null, thumbnail_small: null, published_at: null, updated_at: new Date().toISOString(), views: 0, channel: 'c', author: null }).headline;
    expect([headline, headline.isWellFormed()]).toEqual(['x'.repeat(109), true]);
  });
});

describe('a body cut anywhere', () => {
  const html = renderRichText(
    state(
      para(text('Rates '), { type: 'link', url: 'https://example.com/rates?lane=DAL&x=1', title: 'Lane "rates"', children: [text('up & away', { format: 1 })] }, text(' today < tomorrow')),
      { type: 'table', children: [{ type: 'tablerow', children: [{ type: 'tablecell', children: [para(text('A&B'))] }, { type: 'tablecell', children: [para(text('C'))] }] }] },
      para(text(`Café “quotes” 🚚 ${words(50)}`, { style: 'color: #333' })),
    ),
  ).html;
  const whole = excerptOfHtmlStart(html, false)!;
  const fullText = htmlPlainText(html).replace(/\s+/g, ' ').trim();

  it('gives the excerpt of the whole body or none, never markup from the cut', () => {
    for (let i = 0; i <= html.length; i++) {
      const got = excerptOfHtmlStart(html.slice(0, i), i < html.length);
      if (got !== null) expect([i, got]).toEqual([i, whole]);
      // The text a cut start yields is the start of the whole text: no tag and no half entity in it.
      const partial = htmlPlainText(withoutCutMarkup(html.slice(0, i))).replace(/\s+/g, ' ').trim();
      expect([i, fullText.startsWith(partial)]).toEqual([i, true]);
    }
  });

  it('drops a tag or an entity the cut left open', () => {
    expect(withoutCutMarkup('<p>Fuel up <a href="https://exam')).toBe('<p>Fuel up ');
    expect(withoutCutMarkup('<p>Fuel up <')).toBe('<p>Fuel up ');
    expect(withoutCutMarkup('<p>Fish &am')).toBe('<p>Fish ');
    expect(withoutCutMarkup('<p>Fish &#x1F')).toBe('<p>Fish ');
    expect(withoutCutMarkup('<p>Fish &')).toBe('<p>Fish ');
    expect(withoutCutMarkup('<p>Fish &amp; chips')).toBe('<p>Fish &amp; chips');
    expect(withoutCutMarkup('<p>A &amp;<a href="x">b &lt')).toBe('<p>A &amp;<a href="x">b ');
    expect(withoutCutMarkup('<p>done</p>')).toBe('<p>done</p>');
    // A cut inside a tag, and inside an entity, each make no excerpt of their own (too little text) and no markup.
    expect(excerptOfHtmlStart('<p>Short</p><img src="/a.webp" al', true)).toBeNull();
    expect(htmlPlainText(withoutCutMarkup('<p>Short</p><img src="/a.webp" al'))).toBe('Short');
    expect(htmlPlainText(withoutCutMarkup('<p>Tom &amp; Jerry &qu'))).toBe('Tom & Jerry');
  });

  it('reads a markup-heavy opening as too little text, so the whole body decides', () => {
    const images = '<p><img src="/api/v1.0/news/images/1/abcdef0123456789.webp" alt=""></p>'.repeat(80);
    const body = `${images}<p>${words(60)}</p>`;
    expect(excerptOfHtmlStart(body.slice(0, EXCERPT_HTML_CHARS), true)).toBeNull();
    expect(excerptOfHtmlStart(body, false)).toBe(excerpt(body));
  });

  it('stays linear on hostile input', () => {
    for (const hostile of ['<'.repeat(200_000), '&'.repeat(200_000), `<p>${'&a'.repeat(100_000)}`, `${'<a '.repeat(70_000)}`]) {
      const t = performance.now();
      withoutCutMarkup(hostile);
      excerptOfHtmlStart(hostile.slice(0, EXCERPT_HTML_CHARS + 1), true);
      expect(performance.now() - t).toBeLessThan(500);
    }
  });
});
