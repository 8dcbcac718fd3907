/**
 * Issue 16: `npm run bench` writes docs/benchmarks.md. The latest run goes between two markers and
 * replaces the previous one; the hand-written sections around it are kept as they were.
 */
import { END, START, addSection, renderRun, spliceRun } from '../../scripts/bench/report';

const DOC = '# Benchmarks\n\nIntro.\n\n## Results\n\nHand-written analysis.\n';

describe('the bench report in docs/benchmarks.md', () => {
  it('puts the first run after the introduction and keeps every other section', () => {
    addSection('HTTP', '| a | b |');
    const block = renderRun(new Date('2026-11-25T12:00:00Z'), process.cwd(), ['--http-only']);
    const out = spliceRun(DOC, block);
    expect(out.indexOf('Intro.')).toBeLessThan(out.indexOf(START));
    expect(out.indexOf(END)).toBeLessThan(out.indexOf('## Results'));
    expect(out).toContain('Hand-written analysis.');
    expect(block).toContain('### HTTP\n\n| a | b |');
    expect(block).toMatch(/2026-11-25 12:00 UTC, commit \w+/);
    expect(block).toContain('`npm run bench -- --http-only`');
  });

  it('replaces the previous run instead of adding a second one', () => {
    const first = spliceRun(DOC, `${START}\nold run\n${END}`);
    const second = spliceRun(first, `${START}\nnew run\n${END}`);
    expect(second).not.toContain('old run');
    expect(second.split(START)).toHaveLength(2);
    expect(second).toContain('new run');
    expect(second.replace(/<!--[^]*-->/, '')).toContain('## Results\n\nHand-written analysis.');
  });
});
