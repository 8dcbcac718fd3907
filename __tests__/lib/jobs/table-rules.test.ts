import fc from 'fast-check';
import { RICH_TEXT_MESSAGES, lexicalToHtml, richTextProblem } from '@/lib/jobs/rich-text';
import { renderRichText } from '@/lib/jobs/sanitize';
import {
  MIN_COLUMN_WIDTH,
  TABLE_LIMITS,
  TABLE_MESSAGES,
  deleteProblem,
  inResizeZone,
  mergeProblem,
  repairTable,
  repairTables,
  resizedWidth,
  tableGrid,
  tableWithinLimits,
} from '@/lib/jobs/table-rules';
import { FONT_SIZES_PT, displaySize, stepFontSize } from '@/lib/jobs/editor-rules';

type Spec = { cs?: number; rs?: number; t?: string };
const cell = ({ cs = 1, rs = 1, t = '' }: Spec = {}) => ({
  type: 'tablecell',
  colSpan: cs,
  rowSpan: rs,
  headerState: 0,
  children: t ? [{ type: 'paragraph', children: [{ type: 'text', text: t, format: 0 }] }] : [],
});
const table = (rows: Spec[][], colWidths?: unknown[]) => ({
  type: 'table',
  ...(colWidths ? { colWidths } : {}),
  children: rows.map((r) => ({ type: 'tablerow', children: r.map(cell) })),
});
const shape = (t: ReturnType<typeof repairTable>) =>
  (t!.children as { children: { colSpan: number; rowSpan: number }[] }[]).map((r) => r.children.map((c) => `${c.colSpan}x${c.rowSpan}`));

describe('table repair', () => {
  it('leaves a well-formed table as it is', () => {
    const t = repairTable(table([[{}, {}], [{}, {}]], [100, 200]));
    expect(shape(t)).toEqual([['1x1', '1x1'], ['1x1', '1x1']]);
    expect(t!.colWidths).toEqual([100, 200]);
  });

  it('cuts an overlong rowspan at the last row', () => {
    const t = repairTable(table([[{ rs: 5 }, {}], [{}]]));
    expect(shape(t)).toEqual([['1x2', '1x1'], ['1x1']]);
  });

  it('narrows a cell that collides with a spanning cell from above', () => {
    // Row 0: a 1×2 cell in column 1. Row 1: a 2-wide cell starting at column 0 would overlap it.
    const t = repairTable(table([[{}, { rs: 2 }, {}], [{ cs: 2 }, {}]]));
    expect(shape(t)).toEqual([['1x1', '1x2', '1x1'], ['1x1', '1x1']]);
    expect(tableGrid(t!)).toEqual([[0, 1, 2], [3, 1, 4]]);
  });

  it('moves a cell right past spanning cells that take its slots', () => {
    const t2 = repairTable(table([[{ rs: 2 }, { rs: 2 }], [{ cs: 2 }]]));
    // Both tall cells cover row 1, so the wide cell there has no free slot in column 0-1: it moves to column 2.
    expect(tableGrid(t2!)[1]).toEqual([0, 1, 4, 4]);
    // Row 0 gets the missing cells of columns 2 and 3.
    expect(shape(t2)[0]).toEqual(['1x2', '1x2', '1x1', '1x1']);
  });

  it('adds the cells missing at the end of short rows', () => {
    const t = repairTable(table([[{}, {}, {}], [{}]]));
    expect(shape(t)).toEqual([['1x1', '1x1', '1x1'], ['1x1', '1x1', '1x1']]);
  });

  it('gives empty cells a paragraph (a cell holds one or more blocks)', () => {
    const t = repairTable(table([[{}]]))!;
    const first = (t.children as { children: { children: { type: string }[] }[] }[])[0].children[0];
    expect(first.children.map((b) => b.type)).toEqual(['paragraph']);
  });

  it('makes widths one per column and at least the minimum', () => {
    expect(repairTable(table([[{}, {}, {}]], [10, 'x']))!.colWidths).toEqual([MIN_COLUMN_WIDTH, 120, 120]);
    expect(repairTable(table([[{}]], [80, 90, 100]))!.colWidths).toEqual([80]);
  });

  it('drops a table with no rows', () => {
    expect(repairTable({ type: 'table', children: [] })).toBeNull();
    const state = { root: { type: 'root', children: [{ type: 'table', children: [] }, { type: 'paragraph', children: [] }] } };
    expect(repairTables(state).root.children.map((c) => c.type)).toEqual(['paragraph']);
  });

  it('repairs nested tables of a whole state and on the server before rendering', () => {
    const state = { root: { type: 'root', children: [table([[{ rs: 3, t: 'A' }, { t: 'B' }], [{ t: 'C' }, { t: 'D' }, { t: 'E' }]], [50])] } };
    const { json, html } = renderRichText(state);
    // A spans two rows (not three), so C, D and E sit in columns 1-3 and row 0 gets two more cells.
    expect(shape((json as typeof state).root.children[0] as never)).toEqual([['1x2', '1x1', '1x1', '1x1'], ['1x1', '1x1', '1x1']]);
    expect(html).toContain('<td rowspan="2">');
    expect(html).toMatch(/<colgroup>(<col style="width:\s?\d+px" \/>){4}<\/colgroup>/);
    expect(html).toContain('50px');
  });
});

describe('table size', () => {
  const state = (t: ReturnType<typeof table>) => ({ root: { type: 'root', children: [t] } });
  it('refuses the wide-span table that made the repair fill 200,000 cells, before anything renders it', () => {
    const bomb = table([[{ cs: 1000 }], ...Array.from({ length: 200 }, () => [{}])]);
    const started = Date.now();
    expect(richTextProblem(state(bomb))).toBe(RICH_TEXT_MESSAGES.tableTooLarge);
    expect(Date.now() - started).toBeLessThan(200);
    expect(RICH_TEXT_MESSAGES.tableTooLarge).toContain(`${TABLE_LIMITS.columns} columns`);
  });
  it('refuses more columns or cells than the limits, pushed right by rowspans too, and takes a large ordinary table', () => {
    expect(tableWithinLimits(table([Array.from({ length: TABLE_LIMITS.columns }, () => ({}))]))).toBe(true);
    expect(tableWithinLimits(table([Array.from({ length: TABLE_LIMITS.columns + 1 }, () => ({}))]))).toBe(false);
    // Row 2's one cell starts after the 49 columns held by row 1's rowspans: 49 + 2 > 50.
    expect(tableWithinLimits(table([Array.from({ length: 49 }, () => ({ rs: 2 })), [{ cs: 2 }]]))).toBe(false);
    expect(tableWithinLimits(table(Array.from({ length: 50 }, () => Array.from({ length: 50 }, () => ({})))))).toBe(true);
    expect(tableWithinLimits(table(Array.from({ length: 51 }, () => Array.from({ length: 50 }, () => ({})))))).toBe(false);
  });
  it('whatever the spans, a table within the limits repairs to at most the limits', () => {
    const spec = fc.record({ cs: fc.integer({ min: 1, max: 60 }), rs: fc.integer({ min: 1, max: 60 }) });
    fc.assert(
      fc.property(fc.array(fc.array(spec, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 60 }), (rows) => {
        const t = table(rows);
        if (!tableWithinLimits(t)) return true;
        const repaired = repairTable(t)!;
        const cells = (repaired.children as { children: unknown[] }[]).reduce((n, r) => n + r.children.length, 0);
        const width = Math.max(...tableGrid(repaired).map((r) => r.length));
        return width <= TABLE_LIMITS.columns && cells <= TABLE_LIMITS.cells;
      }),
      { numRuns: 300 },
    );
  });
});

describe('table refusals', () => {
  const grid = [
    [0, 1, 1],
    [2, 1, 1],
    [3, 4, 5],
  ];
  it('merges a rectangle of whole cells', () => {
    expect(mergeProblem(grid, { top: 0, left: 0, bottom: 1, right: 0 })).toBeNull();
    expect(mergeProblem(grid, { top: 0, left: 0, bottom: 2, right: 2 })).toBeNull();
  });
  it('refuses a rectangle cut by a spanning cell', () => {
    expect(mergeProblem(grid, { top: 1, left: 0, bottom: 2, right: 1 })).toBe(TABLE_MESSAGES.mergeShape);
    expect(mergeProblem(grid, { top: 0, left: 1, bottom: 0, right: 1 })).toBe(TABLE_MESSAGES.mergeOne);
  });
  it('refuses a single cell and a rectangle outside the table', () => {
    expect(mergeProblem(grid, { top: 2, left: 2, bottom: 2, right: 2 })).toBe(TABLE_MESSAGES.mergeOne);
    expect(mergeProblem(grid, { top: 2, left: 2, bottom: 3, right: 2 })).toBe(TABLE_MESSAGES.mergeShape);
  });
  it('refuses deleting all rows or all columns', () => {
    expect(deleteProblem('row', 3, 3)).toBe(TABLE_MESSAGES.lastRow);
    expect(deleteProblem('column', 2, 2)).toBe(TABLE_MESSAGES.lastColumn);
    expect(deleteProblem('row', 3, 2)).toBeNull();
  });
  it('keeps resized columns at 25 px or more and resizes only within 5 px of the edge', () => {
    expect(resizedWidth(100, -90)).toBe(MIN_COLUMN_WIDTH);
    expect(resizedWidth(100, 40)).toBe(140);
    expect(inResizeZone(205, 200)).toBe(true);
    expect(inResizeZone(206, 200)).toBe(false);
  });
});

describe('editor numbers', () => {
  it('has 7 font sizes from 8 to 36 pt and steps through them', () => {
    expect(FONT_SIZES_PT).toHaveLength(7);
    expect([FONT_SIZES_PT[0], FONT_SIZES_PT[6]]).toEqual([8, 36]);
    expect(stepFontSize(12, 1)).toBe(14);
    expect(stepFontSize(36, 1)).toBe(36);
    expect(stepFontSize(8, -1)).toBe(8);
  });
  it('scales an image wider than 720 px to 720 when no size is given', () => {
    expect(displaySize({ width: 1440, height: 900 })).toEqual({ width: 720, height: 450 });
    expect(displaySize({ width: 600, height: 400 })).toEqual({ width: 600, height: 400 });
    expect(displaySize({ width: 1440, height: 900 }, { width: 1000 })).toEqual({ width: 1000, height: 625 });
  });
  it('renders images, font sizes, indents and header cells', () => {
    const html = lexicalToHtml({
      root: {
        type: 'root',
        children: [
          { type: 'paragraph', indent: 2, children: [{ type: 'text', text: 'Big', format: 1, style: 'font-size: 24pt;' }] },
          { type: 'image', src: '/api/v1.0/files/news/1/a.webp', altText: 'Truck', width: 720, height: 400 },
          { type: 'image', src: 'javascript:alert(1)' },
        ],
      },
    });
    expect(html).toBe('<p style="padding-left: 60px"><span style="font-size: 24pt;"><strong>Big</strong></span></p><img src="/api/v1.0/files/news/1/a.webp" alt="Truck" width="720" height="400">');
  });
});
