'use client';

import { $computeTableMapSkipCellCheck, $findTableNode, $getTableCellNodeRect, $isTableCellNode, $isTableNode, type TableCellNode, type TableNode } from '@lexical/table';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $getNearestNodeFromDOMNode, $getNodeByKey, HISTORY_MERGE_TAG, type LexicalEditor } from 'lexical';
import { useEffect } from 'react';
import { DEFAULT_COLUMN_WIDTH, inResizeZone, resizedWidth } from '@/lib/jobs/table-rules';

type Drag = { tableKey: string; column: number; startX: number; widths: number[]; applied: boolean };

/** The table's column widths as stored, or as shown when none are stored yet. */
function currentWidths(table: TableNode, tableElement: HTMLTableElement | null): number[] {
  const columns = $computeTableMapSkipCellCheck(table, null, null)[0][0]?.length ?? 1;
  const stored = table.getColWidths();
  if (stored && stored.length === columns) return [...stored];
  const firstRow = tableElement?.rows[0];
  const shown = firstRow ? Array.from(firstRow.cells).flatMap((c) => Array(c.colSpan).fill(c.getBoundingClientRect().width / c.colSpan)) : [];
  return Array.from({ length: columns }, (_, i) => Math.round(shown[i] || DEFAULT_COLUMN_WIDTH));
}

/**
 * Resizing columns by dragging a cell's right edge (5 px zone, 25 px minimum, the last column too).
 * The new widths are stored on the table node, so they survive saving and render the same.
 */
export function TableResizePlugin() {
  const [editor] = useLexicalComposerContext();

  useEffect(() => {
    let detach = () => {};
    const unregister = editor.registerRootListener((root) => {
      detach();
      detach = root ? attachResize(editor, root) : () => {};
    });
    return () => {
      unregister();
      detach();
    };
  }, [editor]);

  return null;
}


/** Mouse handlers of column resizing on one editable root; answers their removal. */
function attachResize(editor: LexicalEditor, root: HTMLElement) {
  let drag: Drag | null = null;

  const cellAt = (target: EventTarget | null) => (target instanceof HTMLElement ? (target.closest('td,th') as HTMLTableCellElement | null) : null);

  const onMove = (e: PointerEvent) => {
    if (drag) return;
    const cell = cellAt(e.target);
    root.style.cursor = cell && inResizeZone(e.clientX, cell.getBoundingClientRect().right) ? 'col-resize' : '';
  };

  const onDown = (e: PointerEvent) => {
    const cell = cellAt(e.target);
    if (!cell || e.button !== 0 || !inResizeZone(e.clientX, cell.getBoundingClientRect().right)) return;
    e.preventDefault();
    // editor.read, not editorState.read: the DOM-to-node lookup needs the active editor, and
    // without it the lookup threw inside this listener, so a drag never started in the browser.
    editor.read(() => {
      const node = $getNearestNodeFromDOMNode(cell);
      const cellNode = node && ($isTableCellNode(node) ? node : null);
      const table = cellNode && $findTableNode(cellNode);
      const rect = cellNode && $getTableCellNodeRect(cellNode);
      if (!table || !rect) return;
      drag = { tableKey: table.getKey(), column: rect.columnIndex + rect.colSpan - 1, startX: e.clientX, widths: currentWidths(table, cell.closest('table')), applied: false };
    });
    if (!drag) return;
    // The drag is ours: Lexical's table observer would otherwise start a cell-range selection.
    e.stopPropagation();
    document.addEventListener('pointermove', onDrag);
    document.addEventListener('pointerup', onUp, { once: true });
  };

  /** The column follows the pointer; one undo step for the whole drag (later moves merge into it). */
  const apply = (d: Drag, clientX: number) => {
    const widths = [...d.widths];
    widths[d.column] = resizedWidth(widths[d.column], clientX - d.startX);
    editor.update(
      () => {
        const table = $getNodeByKey(d.tableKey);
        if ($isTableNode(table)) table.setColWidths(widths);
      },
      d.applied ? { tag: HISTORY_MERGE_TAG } : undefined,
    );
    d.applied = true;
  };

  const onDrag = (e: PointerEvent) => {
    if (drag) apply(drag, e.clientX);
  };

  const onUp = (e: PointerEvent) => {
    const done = drag;
    drag = null;
    root.style.cursor = '';
    document.removeEventListener('pointermove', onDrag);
    if (done) apply(done, e.clientX);
  };

  root.addEventListener('pointermove', onMove);
  // On the window, capturing: it runs before Lexical's own listeners on the root and the table.
  window.addEventListener('pointerdown', onDown, true);
  return () => {
    root.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerdown', onDown, true);
    document.removeEventListener('pointermove', onDrag);
    document.removeEventListener('pointerup', onUp);
  };
}

/** Widens or narrows the column of the selected cell by `delta` px (the keyboard way to resize). */
export function $resizeColumnOf(cellNode: TableCellNode, delta: number, tableElement: HTMLTableElement | null) {
  const table = $findTableNode(cellNode);
  const rect = $getTableCellNodeRect(cellNode);
  if (!table || !rect) return;
  const widths = currentWidths(table, tableElement);
  const column = rect.columnIndex + rect.colSpan - 1;
  widths[column] = resizedWidth(widths[column], delta);
  table.setColWidths(widths);
}
