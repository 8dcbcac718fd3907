import fs from 'node:fs';
import path from 'node:path';

/**
 * Tailwind 4 silently drops a utility whose colour is not in the theme: `ring-brand-200` then draws
 * nothing. Every brand shade a component names must be defined in app/globals.css.
 */
const ROOT = path.join(__dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return sources(rel);
    return /\.(tsx?|css)$/.test(e.name) ? [rel] : [];
  });
}

describe('theme colours', () => {
  const css = fs.readFileSync(path.join(ROOT, 'app/globals.css'), 'utf8');
  const defined = new Set([...css.matchAll(/--color-(brand-\d+)\s*:/g)].map((m) => m[1]));
  const used = new Map<string, string>();
  for (const file of [...sources('app'), ...sources('components')]) {
    for (const m of fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/\b(brand-\d{2,3})\b/g)) used.set(m[1], file);
  }

  it('finds the brand shades the components use', () => {
    expect(used.size).toBeGreaterThan(3);
  });

  it('defines every brand shade a class names', () => {
    const missing = [...used].filter(([shade]) => !defined.has(shade)).map(([shade, file]) => `${shade} (${file})`);
    expect(missing).toEqual([]);
  });
});
