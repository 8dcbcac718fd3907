import {
  $computeTableMapSkipCellCheck,
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $findTableNode,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableCellNode,
  $isTableSelection,
  $mergeCells,
  $unmergeCell,
  type TableCellNode,
  type TableNode,
} from '@lexical/table';
import { $findMatchingParent, $getSelection, $isRangeSelection, type LexicalNode } from 'lexical';
import { deleteProblem, mergeProblem, type CellGrid, type GridRect } from '@/lib/jobs/table-rules';

export type TableAction = 'rowAbove' | 'rowBelow' | 'columnLeft' | 'columnRight' | 'deleteRow' | 'deleteColumn' | 'merge' | 'split';

/** The table around the selection, its grid (cell keys → numbers) and the selected rectangle. */
function $selectedTable(): { table: TableNode; grid: CellGrid; cells: TableCellNode[]; rect: GridRect } | null {
  const selection = $getSelection();
  let anchor: TableCellNode | null = null;
  let focus: TableCellNode | null = null;
  const cellOf = (node: LexicalNode) => $findMatchingParent(node, $isTableCellNode) as TableCellNode | null;
  if ($isTableSelection(selection)) {
    anchor = cellOf(selection.anchor.getNode());
    focus = cellOf(selection.focus.getNode());
  } else if ($isRangeSelection(selection)) {
    anchor = cellOf(selection.anchor.getNode());
    focus = cellOf(selection.focus.getNode());
  }
  if (!anchor || !focus) return null;
  const table = $findTableNode(anchor);
  if (!table) return null;
  const [map, a, b] = $computeTableMapSkipCellCheck(table, anchor, focus);
  if (!a || !b) return null;
  const ids = new Map<string, number>();
  const byId: TableCellNode[] = [];
  const grid = map.map((row) =>
    row.map((slot) => {
      const key = slot.cell.getKey();
      if (!ids.has(key)) {
        ids.set(key, ids.size);
        byId.push(slot.cell);
      }
      return ids.get(key)!;
    }),
  );
  const rect = {
    top: Math.min(a.startRow, b.startRow),
    left: Math.min(a.startColumn, b.startColumn),
    bottom: Math.max(a.startRow + a.cell.getRowSpan() - 1, b.startRow + b.cell.getRowSpan() - 1),
    right: Math.max(a.startColumn + a.cell.getColSpan() - 1, b.startColumn + b.cell.getColSpan() - 1),
  };
  const inside = new Set<number>();
  for (let r = rect.top; r <= rect.bottom; r++) for (let c = rect.left; c <= rect.right; c++) inside.add(grid[r]?.[c]);
  return { table, grid, rect, cells: [...inside].filter((i) => i !== undefined).map((i) => byId[i]) };
}

/** True when the selection is inside a table (the table actions apply). */
export function $isInTable(): boolean {
  return $selectedTable() !== null;
}

/**
 * Runs one table action on the selection (inside editor.update). Answers the refusal message when
 * the action is not allowed (deleting every row or column, merging a shape that cuts a merged
 * cell), null when it ran.
 */
export function $runTableAction(action: TableAction): string | null {
  const found = $selectedTable();
  if (!found) return null;
  const { grid, rect, cells } = found;
  switch (action) {
    case 'rowAbove':
    case 'rowBelow':
      $insertTableRowAtSelection(action === 'rowBelow');
      return null;
    case 'columnLeft':
    case 'columnRight':
      $insertTableColumnAtSelection(action === 'columnRight');
      return null;
    case 'deleteRow': {
      const problem = deleteProblem('row', grid.length, rect.bottom - rect.top + 1);
      if (!problem) $deleteTableRowAtSelection();
      return problem;
    }
    case 'deleteColumn': {
      const problem = deleteProblem('column', grid[0]?.length ?? 0, rect.right - rect.left + 1);
      if (!problem) $deleteTableColumnAtSelection();
      return problem;
    }
    case 'merge': {
      const problem = mergeProblem(grid, rect);
      // The selection still names the cells merged away (reading it then throws "Point.getNode: node
      // not found"): it moves into the merged cell, as Lexical's own table menu does.
      if (!problem) $mergeCells(cells)?.selectStart();
      return problem;
    }
    case 'split':
      if (cells.length === 1 && (cells[0].getColSpan() > 1 || cells[0].getRowSpan() > 1)) $unmergeCell();
      return null;
  }
}
