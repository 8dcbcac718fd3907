/**
 * The table rules of the rich-text content (jobs spec §5), on serialized Lexical tables, with no
 * Lexical or DOM import: the editor runs them on load and before its table commands, the server
 * runs the same code before it stores a job description or a news post.
 *
 * Repairs: overlong rowspans are cut at the last row, a cell colliding with a spanning cell from
 * above is narrowed (or moved right past it), missing cells at a row's end are added,
 * column widths are made one per column (DEFAULT_COLUMN_WIDTH where none was given) and at least
 * MIN_COLUMN_WIDTH, empty cells get a paragraph.
 */
import { isJsonObject, type JsonObject } from './rich-text-rules';

export const MIN_COLUMN_WIDTH = 25;
/** Width given to a column that had none while its neighbours had one. */
export const DEFAULT_COLUMN_WIDTH = 120;
/** Pixels either side of a cell's right edge where a drag resizes the column. */
export const RESIZE_EDGE_PX = 5;

export const TABLE_MESSAGES = {
  lastRow: 'A table needs at least one row: delete the table instead.',
  lastColumn: 'A table needs at least one column: delete the table instead.',
  mergeShape: 'Select a rectangle of whole cells to merge: the selection cuts through a merged cell.',
  mergeOne: 'Select two or more cells to merge.',
} as const;

type Cell = JsonObject & { type: 'tablecell'; colSpan?: unknown; rowSpan?: unknown; children?: unknown };

/**
 * The largest table content may hold: far beyond anything the editor's table dialog makes or a
 * page can show, and small enough that the repair (which fills every free slot of the grid with an
 * empty cell) stays small. Without it, a first row of one cell spanning 1,000 columns over 200
 * one-cell rows made the repair add 200,000 cells: a 60 kB request stored 1 MB and answered 57 MB.
 */
export const TABLE_LIMITS = { columns: 50, cells: 2_500 } as const;

const span = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 ? Math.min(v, TABLE_LIMITS.columns) : 1);

export function emptyParagraph(): JsonObject {
  return { type: 'paragraph', version: 1, direction: null, format: '', indent: 0, textFormat: 0, textStyle: '', children: [] };
}

export function emptyCell(headerState = 0): Cell {
  return { type: 'tablecell', version: 1, colSpan: 1, rowSpan: 1, headerState, backgroundColor: null, direction: null, format: '', indent: 0, children: [emptyParagraph()] };
}

/**
 * One table repaired (a new object; the input is not changed). Returns null for a table with no
 * rows: a table holds one or more rows, so an empty one is dropped.
 */
export function repairTable(table: JsonObject): JsonObject | null {
  const rows = (Array.isArray(table.children) ? table.children : []).filter(
    (r): r is JsonObject => isJsonObject(r) && r.type === 'tablerow',
  );
  if (!rows.length) return null;
  const height = rows.length;
  const taken: boolean[][] = rows.map(() => []);
  const out: JsonObject[][] = rows.map(() => []);

  rows.forEach((row, r) => {
    let c = 0;
    const cells = (Array.isArray(row.children) ? row.children : []).filter((x): x is Cell => isJsonObject(x) && x.type === 'tablecell');
    for (const cell of cells) {
      while (taken[r][c]) c++;
      // Overlong rowspan: never past the last row.
      const rowSpan = Math.min(span(cell.rowSpan), height - r);
      // Colliding cells: narrow to the free run in this row. A slot below that run cannot be taken:
      // whatever spans into a lower row from above also covers this row at the same column.
      const wanted = span(cell.colSpan);
      let colSpan = 1;
      while (colSpan < wanted && !taken[r][c + colSpan]) colSpan++;
      for (let k = 0; k < rowSpan; k++) for (let j = 0; j < colSpan; j++) taken[r + k][c + j] = true;
      const blocks = Array.isArray(cell.children) ? cell.children.filter(isJsonObject) : [];
      out[r].push({ ...cell, colSpan, rowSpan, children: blocks.length ? blocks : [emptyParagraph()] });
      c += colSpan;
    }
  });

  const width = Math.max(1, ...taken.map((row) => row.length));
  // Missing cells: every free slot of the grid gets an empty cell, at the end of its row.
  taken.forEach((row, r) => {
    for (let c = 0; c < width; c++) if (!row[c]) out[r].push(emptyCell());
  });

  const repaired: JsonObject = { ...table, children: rows.map((row, r) => ({ ...row, children: out[r] })) };
  // A table without widths gets the editor's default for each column, so the published page lays
  // it out as the editor and the PDF do (it shrank each column to its text).
  repaired.colWidths = repairWidths(Array.isArray(table.colWidths) ? table.colWidths : [], width);
  return repaired;
}

/**
 * Whether a table's grid, as the repair would lay it out, stays within TABLE_LIMITS: its columns
 * (spans and cells pushed right by rowspans from above included) and its slots (rows × columns,
 * each of which the repair fills). Counted without building anything larger than the limit.
 */
export function tableWithinLimits(table: JsonObject): boolean {
  const rows = (Array.isArray(table.children) ? table.children : []).filter((r): r is JsonObject => isJsonObject(r) && r.type === 'tablerow');
  const taken: Set<number>[] = rows.map(() => new Set());
  let width = 0;
  for (let r = 0; r < rows.length; r++) {
    let c = 0;
    const cells = Array.isArray(rows[r].children) ? (rows[r].children as unknown[]).filter(isJsonObject) : [];
    for (const cell of cells) {
      if (cell.type !== 'tablecell') continue;
      while (taken[r].has(c)) c++;
      const colSpan = span(cell.colSpan);
      const rowSpan = Math.min(span(cell.rowSpan), rows.length - r);
      if (c + colSpan > TABLE_LIMITS.columns) return false;
      for (let k = 0; k < rowSpan; k++) for (let j = 0; j < colSpan; j++) taken[r + k].add(c + j);
      c += colSpan;
      width = Math.max(width, c);
    }
    if ((r + 1) * Math.max(width, 1) > TABLE_LIMITS.cells) return false;
  }
  return rows.length * Math.max(width, 1) <= TABLE_LIMITS.cells;
}

/** Mismatched widths: one per column, numbers, never under the minimum. */
export function repairWidths(widths: unknown[], columns: number): number[] {
  const numbers = widths.map((w) => (typeof w === 'number' && Number.isFinite(w) ? w : DEFAULT_COLUMN_WIDTH));
  return Array.from({ length: columns }, (_, i) => Math.max(MIN_COLUMN_WIDTH, Math.round(numbers[i] ?? DEFAULT_COLUMN_WIDTH)));
}

/** Every table in a serialized state repaired (iteratively: states are bounded but may be deep). */
export function repairTables<T>(state: T): T {
  if (!isJsonObject(state) || !isJsonObject(state.root)) return state;
  // A copy (the input is not changed); states reach here bounded in depth (richTextProblem).
  const root = JSON.parse(JSON.stringify(state.root)) as JsonObject;
  const stack: JsonObject[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (!Array.isArray(node.children)) continue;
    const next: unknown[] = [];
    for (const child of node.children) {
      if (isJsonObject(child) && child.type === 'table') {
        const fixed = repairTable(child);
        if (fixed) next.push(fixed);
      } else next.push(child);
    }
    node.children = next;
    for (const child of next) if (isJsonObject(child)) stack.push(child);
  }
  return { ...state, root } as T;
}

/** Grid of a table: for each row and column, which cell (by index in reading order) covers it. */
export type CellGrid = number[][];

/** A rectangle of grid slots, inclusive. */
export type GridRect = { top: number; left: number; bottom: number; right: number };

/**
 * Why cells cannot be merged, or null. Merging is allowed only for a rectangle of two or more slots
 * that no spanning cell crosses: each cell touching it must lie inside it.
 */
export function mergeProblem(grid: CellGrid, rect: GridRect): string | null {
  const cells = new Set<number>();
  for (let r = rect.top; r <= rect.bottom; r++) for (let c = rect.left; c <= rect.right; c++) cells.add(grid[r]?.[c] ?? -1);
  if (cells.has(-1)) return TABLE_MESSAGES.mergeShape;
  if (cells.size < 2) return TABLE_MESSAGES.mergeOne;
  for (let r = 0; r < grid.length; r++)
    for (let c = 0; c < grid[r].length; c++) {
      const inside = r >= rect.top && r <= rect.bottom && c >= rect.left && c <= rect.right;
      if (!inside && cells.has(grid[r][c])) return TABLE_MESSAGES.mergeShape;
    }
  return null;
}

/** Why rows (or columns) cannot be deleted, or null: deleting all of them is refused. */
export function deleteProblem(kind: 'row' | 'column', total: number, deleting: number): string | null {
  if (deleting >= total) return kind === 'row' ? TABLE_MESSAGES.lastRow : TABLE_MESSAGES.lastColumn;
  return null;
}

/** New column width after a drag: never under the minimum. */
export function resizedWidth(start: number, delta: number): number {
  return Math.max(MIN_COLUMN_WIDTH, Math.round(start + delta));
}

/** True when the pointer is in the resize zone at a cell's right edge. */
export function inResizeZone(pointerX: number, cellRight: number): boolean {
  return Math.abs(pointerX - cellRight) <= RESIZE_EDGE_PX;
}

/** Grid of a serialized (repaired) table, for mergeProblem and the renderers. */
export function tableGrid(table: JsonObject): CellGrid {
  const grid: CellGrid = [];
  let index = 0;
  const rows = Array.isArray(table.children) ? table.children.filter(isJsonObject) : [];
  rows.forEach((row, r) => {
    grid[r] ??= [];
    let c = 0;
    for (const cell of Array.isArray(row.children) ? row.children.filter(isJsonObject) : []) {
      while (grid[r][c] !== undefined) c++;
      const cs = span(cell.colSpan);
      const rs = span(cell.rowSpan);
      for (let k = 0; k < rs; k++) for (let j = 0; j < cs; j++) (grid[r + k] ??= [])[c + j] = index;
      index++;
      c += cs;
    }
  });
  return grid;
}
