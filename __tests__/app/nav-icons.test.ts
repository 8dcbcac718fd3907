import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GET } from '@/app/nav-icons.svg/route';
import { Icon } from '@/components/shell/icons';
import { PORTALS } from '@/lib/access';

/** The symbol ids the served sprite holds. */
async function served() {
  const res = GET();
  return { res, ids: [...(await res.text()).matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]) };
}

/** Where an icon of the shell points: the sprite's address and the symbol. */
function hrefOf(name: string) {
  const html = renderToStaticMarkup(createElement(Icon, { name }));
  const [, url, id] = html.match(/<use href="([^"#]+)#([^"]+)"/)!;
  return { url, id };
}

describe('the navigation icon sprite (issue 16: a page carries references, not paths)', () => {
  it('is served as SVG the browser may keep for good, with a symbol for every icon the role table names', async () => {
    const { res, ids } = await served();
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const named = PORTALS.flatMap((p) => p.nav.map((item) => item.icon));
    expect(named.length).toBeGreaterThan(5);
    for (const name of named) expect(ids).toContain(name);
  });

  it('an icon points into that sprite by a versioned address, with no path of its own', async () => {
    const { ids } = await served();
    const { url, id } = hrefOf('settings');
    expect(url).toMatch(/^\/nav-icons\.svg\?v=[0-9a-z]+$/);
    expect(id).toBe('settings');
    expect(ids).toContain(id);
    expect(renderToStaticMarkup(createElement(Icon, { name: 'settings' }))).not.toContain('<path');
  });

  it('an unknown name (or one only the prototype has) shows the briefcase', () => {
    expect(hrefOf('no-such-icon').id).toBe('briefcase');
    expect(hrefOf('constructor').id).toBe('briefcase');
  });
});
