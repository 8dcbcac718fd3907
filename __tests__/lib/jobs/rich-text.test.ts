import { RICH_TEXT_LIMITS, RICH_TEXT_MESSAGES, htmlPlainText, lexicalPlainText, lexicalToHtml, richTextProblem } from '@/lib/jobs/rich-text';
import { htmlParagraphs } from '@/lib/news/pdf';
import { htmlNestedDeeperThan, renderDescription } from '@/lib/jobs/sanitize';
import { AppError } from '@/lib/errors';

const text = (t: string, format = 0) => ({ type: 'text', text: t, format });
const state = (...children: unknown[]) => ({ root: { type: 'root', children } });

describe('job description rendering', () => {
  it('renders Lexical paragraphs, marks, lists, links, headings and tables to sanitized HTML', () => {
    const s = state(
      { type: 'heading', tag: 'h2', children: [text('Why drive with us')] },
      { type: 'paragraph', format: 'center', children: [text('Bold', 1), text(' '), text('italic', 2), text(' '), text('under', 8), { type: 'linebreak' }, text('x<y', 0)] },
      { type: 'list', listType: 'number', children: [{ type: 'listitem', children: [text('One')] }, { type: 'listitem', children: [text('Two')] }] },
      { type: 'paragraph', children: [{ type: 'link', url: 'https://example.com/a', children: [text('site')] }, { type: 'link', url: 'javascript:alert(1)', children: [text('bad')] }] },
      { type: 'table', children: [{ type: 'tablerow', children: [{ type: 'tablecell', headerState: 1, colSpan: 2, children: [{ type: 'paragraph', children: [text('H')] }] }] }] },
    );
    const { json, html } = renderDescription(s);
    // Stored as sent, with the defaults the table repair fills in (rowSpan 1), except the script
    // link: its words stay, unlinked (lib/jobs/lexical-clean.ts).
    const links = (s.root.children[3] as { children: unknown[] }).children;
    expect(json).toMatchObject(state(...s.root.children.slice(0, 3), { type: 'paragraph', children: [links[0], text('bad')] }, s.root.children[4]));
    expect(html).toBe(
      '<h2>Why drive with us</h2>' +
        '<p style="text-align:center"><strong>Bold</strong> <em>italic</em> <u>under</u><br />x&lt;y</p>' +
        '<ol><li>One</li><li>Two</li></ol>' +
        '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer nofollow">site</a>bad</p>' +
        '<table><colgroup><col style="width:120px" /><col style="width:120px" /></colgroup><tbody><tr><th colspan="2" scope="col"><p>H</p></th></tr></tbody></table>',
    );
  });

  it('accepts the state as a JSON string, and plain text with paragraphs', () => {
    expect(renderDescription(JSON.stringify(state({ type: 'paragraph', children: [text('Hi')] }))).html).toBe('<p>Hi</p>');
    expect(renderDescription('<p>Second <b>para</b></p><iframe src="x"></iframe>').html).toBe('<p>Second <b>para</b></p>');
    expect(renderDescription('First\nnext\n\nSecond').html).toBe('<p>First<br />next</p><p>Second</p>');
  });

  it("keeps only the rich text's own classes and namespaces ids, so text cannot take the page's styles or ids", () => {
    // The public job page serves this inside our layout: utility classes would cover the page.
    const overlay = '<p class="fixed inset-0 z-50 bg-white rt-note" id="overlay">Your session expired. <a href="https://evil.example/login" id="main" class="absolute">Sign in again</a></p>';
    expect(renderDescription(overlay).html).toBe(
      '<p class="rt-note" id="user-content-overlay">Your session expired. <a href="https://evil.example/login" id="user-content-main" target="_blank" rel="noopener noreferrer nofollow">Sign in again</a></p>',
    );
    // Saved again (an edit through the API): the id is not prefixed twice.
    expect(renderDescription(renderDescription(overlay).html).html).toBe(renderDescription(overlay).html);
    expect(renderDescription('<table class="hidden"><tbody><tr id="__next"><td class="sr-only rt-cell" id="c1">x</td></tr></tbody></table>').html).toBe(
      '<table><tbody><tr id="user-content-__next"><td class="rt-cell" id="user-content-c1">x</td></tr></tbody></table>',
    );
  });

  it('answers plain text for the empty-description rule', () => {
    expect(lexicalPlainText(state({ type: 'paragraph', children: [] }))).toBe('');
    expect(lexicalPlainText(state({ type: 'paragraph', children: [text(' Hello ')] }))).toBe('Hello');
    expect(lexicalPlainText('<p>&nbsp;</p>')).toBe('');
    expect(lexicalToHtml('<p>not lexical</p>')).toBeNull();
  });

  it('reads HTML text once: entities decoded in one pass, one line per block, cells apart, scripts dropped', () => {
    expect(htmlPlainText('<p>&amp;lt;b&amp;gt; is markup &#x27;quoted&#39; &#169;</p>')).toBe("&lt;b&gt; is markup 'quoted' ©");
    expect(htmlPlainText('<p>One</p><p>Two<br>lines</p><h2>Three</h2><script>alert(1)</script>')).toBe('One\nTwo\nlines\nThree');
    expect(htmlPlainText('<table><tr><td>a</td><td>b</td></tr></table>')).toBe('a b');
    expect(htmlPlainText('&unknown; &#0;')).toBe('&unknown; &#0;');
    // A name every object inherits is no entity either (it read as "function Object() { [native code] }").
    expect(htmlPlainText('<p>&constructor; &Constructor; &toString;</p>')).toBe('&constructor; &Constructor; &toString;');
    expect(htmlPlainText('<p>a</p><STYLE type="x">p{}</Style ><p>b  \t</p><p>c</p>')).toBe('a\n b\nc');
    expect(htmlPlainText('<p>kept</p><script>never closed <p>gone</p>')).toBe('kept');
  });

  // Caller text reaches it before the sanitizer (the description's emptiness check). A pattern that
  // retries from every `<` or space of a long run took seconds of the only thread per request; a
  // linear pass takes milliseconds. The bound is a thousand times the linear cost, not a timing.
  it.each([
    ['a run of spaces before no newline', `a${' '.repeat(200_000)}b`, `a${' '.repeat(200_000)}b`],
    ['a run of <', '<'.repeat(200_000), '<'.repeat(200_000)],
    ['a run of unclosed tags', '<a'.repeat(100_000), '<a'.repeat(100_000)],
    ['a run of unclosed scripts', '<script'.repeat(30_000), '<script'.repeat(30_000)],
    ['a run of scripts never closed', '<script>'.repeat(30_000), ''],
  ])('reads %s in linear time', (_name, input, expected) => {
    const started = performance.now();
    // Compared as booleans: a failure must not print 200,000 characters.
    expect(htmlPlainText(input) === expected).toBe(true);
    expect(lexicalPlainText(input) === expected).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('tells plain text from HTML in linear time, also over a run of unclosed tags', () => {
    const started = performance.now();
    // (The sanitizer reads the run as broken tags and keeps nothing of it.)
    expect(renderDescription(`Hello${'<a'.repeat(100_000)}`).html.slice(0, 20)).toBe('<p>Hello</p>');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('gives the PDF of an HTML post the same text, one paragraph per line', () => {
    const html = '<p>One &amp; only</p><p>Two<br>lines</p><h2>Three</h2>';
    const texts = htmlParagraphs(html).map((p) => p.children?.[0]?.text);
    expect(texts).toEqual(htmlPlainText(html).split('\n'));
    expect(texts).toEqual(['One & only', 'Two', 'lines', 'Three']);
  });
});

describe('hand-written states (stored before the API bounded them, or sent by any client)', () => {
  it('renders null children and non-string text, url and title without throwing', () => {
    const s = state(null, { type: 'paragraph', children: [null, { type: 'text', text: 5 }, { type: 'link', url: { x: 1 }, title: 7, children: [text('go')] }] });
    expect(lexicalToHtml(s)).toBe('<p><a target="_blank" rel="noopener noreferrer nofollow">go</a></p>');
    expect(lexicalPlainText(s)).toBe('go');
  });

  it('are refused when sent with a text that is not a string (rendered as nothing, stored as it came)', () => {
    for (const bad of [123, null, true, {}, ['x']]) {
      expect(richTextProblem(state({ type: 'paragraph', children: [{ type: 'text', text: bad }] }))).toBe(RICH_TEXT_MESSAGES.invalid);
      expect(richTextProblem(JSON.stringify(state({ type: 'code', children: [{ type: 'code-highlight', text: bad }] })))).toBe(RICH_TEXT_MESSAGES.invalid);
    }
    expect(richTextProblem(state({ type: 'paragraph', children: [{ type: 'text' }] }))).toBe(RICH_TEXT_MESSAGES.invalid);
    // Element nodes have no text of their own; an empty text is still text.
    expect(richTextProblem(state({ type: 'paragraph', children: [text(''), { type: 'linebreak' }, text('ok')] }))).toBeNull();
  });
});

describe('one address rule on every path (lib/jobs/rich-text-rules.ts)', () => {
  const image = (src: string) => state({ type: 'paragraph', children: [{ type: 'image', src, altText: 'a' }] });
  const cases: [string, boolean][] = [
    ['https://cdn.example.com/a.png', true],
    ['/api/v1.0/files/1', true],
    ['//evil.example/a.png', false],
    // Browsers read a backslash as a slash, and drop tabs and newlines, before they resolve a URL:
    // each of these loads from evil.example as '//evil.example' would.
    ['/\\evil.example/a.png', false],
    ['\\\\evil.example/a.png', false],
    ['/\t/evil.example/a.png', false],
    ['/\n/evil.example/a.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
  ];
  it.each(cases)('image source %s is kept: %s, by the renderer, the state cleaner and the HTML sanitizer alike', (src, kept) => {
    // The renderer alone (a state that skipped the cleaner), the stored path, and pasted HTML.
    expect((lexicalToHtml(image(src)) ?? '').includes('<img')).toBe(kept);
    expect(renderDescription(image(src)).html.includes('<img')).toBe(kept);
    expect(renderDescription(`<p><img src="${src}" alt="a"></p>`).html.includes('<img')).toBe(kept);
  });
});

describe('HTML nesting (htmlNestedDeeperThan): the sanitizer is quadratic in it, so it is bounded first, as its own parser counts', () => {
  const limit = RICH_TEXT_LIMITS.depth;
  it('counts elements inside one another, closed or not', () => {
    expect(htmlNestedDeeperThan('<b>'.repeat(limit) + 'x', limit)).toBe(false);
    expect(htmlNestedDeeperThan('<b>'.repeat(limit + 1) + 'x', limit)).toBe(true);
    expect(htmlNestedDeeperThan('<div><span>'.repeat(51) + 'x' + '</span></div>'.repeat(51), limit)).toBe(true);
    expect(htmlNestedDeeperThan('<B CLASS="a">'.repeat(limit + 1), limit)).toBe(true);
  });

  // Each fooled the first check (a scanner of our own), and each took the sanitizer 1-54 s.
  it.each([
    ['<b/> (the slash means nothing on a non-void element)', '<b/>'.repeat(40_000)],
    ['<b></i> (a close that matches nothing is dropped)', '<b></i>'.repeat(40_000)],
    ['<li><p> alternating (neither closes the other)', '<li><p>'.repeat(20_000)],
    ['<!--> then <b> (a complete comment)', '<!-->' + '<b>'.repeat(40_000) + '-->'],
  ])('counts %s as the parser does', (_name, html) => {
    expect(htmlNestedDeeperThan(html, limit)).toBe(true);
  });

  it('passes long flat HTML, void elements, and the p and li a sibling closes', () => {
    expect(htmlNestedDeeperThan('<p><b>x</b> <i>y</i></p>'.repeat(20_000), limit)).toBe(false);
    expect(htmlNestedDeeperThan('<p>para'.repeat(10_000), limit)).toBe(false);
    expect(htmlNestedDeeperThan('<ul>' + '<li>item'.repeat(10_000) + '</ul>', limit)).toBe(false);
    expect(htmlNestedDeeperThan('<br><img src="/a.png"><hr/>'.repeat(5_000), limit)).toBe(false);
    expect(htmlNestedDeeperThan('plain text, a < b and c > d', limit)).toBe(false);
    expect(htmlNestedDeeperThan(`<a title="${'<b>'.repeat(500)}">x</a>`, limit)).toBe(false);
  });

  it('stops at the limit, so a 1,000,000-character attack is read in well under a second', () => {
    const started = performance.now();
    for (const attack of ['<b>'.repeat(330_000), '<b/>'.repeat(249_000), '<b '.repeat(330_000) + '>', '<'.repeat(1_000_000)]) htmlNestedDeeperThan(attack, limit);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('renderDescription refuses it with the caller\'s message and field (422), before the sanitizer reads it', () => {
    const started = performance.now();
    let refused: unknown;
    try {
      renderDescription('<b/>'.repeat(66_000) + 'x');
    } catch (error) {
      refused = error;
    }
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, message: RICH_TEXT_MESSAGES.tooDeep });
    expect(() => renderDescription('<b>'.repeat(200), { message: 'Too deep here.', field: 'body' })).toThrow('Too deep here.');
    expect(renderDescription('<p>Fine <b>bold</b></p>').html).toBe('<p>Fine <b>bold</b></p>');
  });
});
