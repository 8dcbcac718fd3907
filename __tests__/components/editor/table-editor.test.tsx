import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { $createTableNodeWithDimensions, $createTableSelectionFrom, $isTableCellNode, $isTableNode, type TableNode } from '@lexical/table';
import { $getRoot, $getSelection, $isElementNode, $setSelection, type LexicalEditor, type LexicalNode } from 'lexical';
import { createRef } from 'react';
import { RichTextEditor } from '@/components/editor/rich-text-editor';
import { TABLE_MESSAGES } from '@/lib/jobs/table-rules';

beforeAll(() => {
  Range.prototype.getBoundingClientRect = () => ({ x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) });
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
});

async function setup(value?: string) {
  const editorRef = createRef<LexicalEditor | null>() as React.MutableRefObject<LexicalEditor | null>;
  const onChange = jest.fn();
  render(<RichTextEditor value={value} onChange={onChange} aria-label="Post body" editorRef={editorRef} />);
  await waitFor(() => expect(editorRef.current).not.toBeNull());
  return { editor: editorRef.current!, onChange };
}

/** Puts a rows × columns table in the editor and the caret in cell (row, column). */
async function withTable(editor: LexicalEditor, rows: number, columns: number, at: [number, number] = [0, 0]) {
  await act(async () => {
    editor.update(
      () => {
        const table = $createTableNodeWithDimensions(rows, columns, false);
        $getRoot().clear().append(table);
        cellAt(table, ...at).selectStart();
      },
      { discrete: true },
    );
  });
}

function cellAt(table: TableNode, r: number, c: number) {
  const row = table.getChildren()[r];
  const cell = $isElementNode(row) ? row.getChildren()[c] : null;
  if (!$isTableCellNode(cell)) throw new Error('no cell');
  return cell;
}

const shape = (editor: LexicalEditor) =>
  editor.getEditorState().read(() => {
    const table = $getRoot().getChildren().find((n: LexicalNode) => $isTableNode(n)) as TableNode | undefined;
    return table?.getChildren().map((row) => ($isElementNode(row) ? row.getChildren().length : 0)) ?? [];
  });

describe('RichTextEditor tables', () => {
  it('shows the table actions only inside a table and adds rows and columns', async () => {
    const { editor } = await setup();
    expect(screen.queryByRole('toolbar', { name: 'Table' })).not.toBeInTheDocument();
    await withTable(editor, 3, 3);
    await screen.findByRole('toolbar', { name: 'Table' });
    fireEvent.click(screen.getByRole('button', { name: 'Insert row below' }));
    await waitFor(() => expect(shape(editor)).toEqual([3, 3, 3, 3]));
    fireEvent.click(screen.getByRole('button', { name: 'Insert column right' }));
    await waitFor(() => expect(shape(editor)).toEqual([4, 4, 4, 4]));
  });

  it('refuses to delete the last row and the last column, and says why', async () => {
    const { editor } = await setup();
    await withTable(editor, 1, 2);
    await screen.findByRole('toolbar', { name: 'Table' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete row' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TABLE_MESSAGES.lastRow);
    expect(shape(editor)).toEqual([2]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    await waitFor(() => expect(shape(editor)).toEqual([1]));
    fireEvent.click(screen.getByRole('button', { name: 'Delete column' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TABLE_MESSAGES.lastColumn);
    expect(shape(editor)).toEqual([1]);
  });

  it('refuses to merge a single cell', async () => {
    const { editor } = await setup();
    await withTable(editor, 2, 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Merge cells' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TABLE_MESSAGES.mergeOne);
  });

  it('merges the selected cells and leaves the selection in the merged cell, not on a cell merged away', async () => {
    const { editor } = await setup();
    await withTable(editor, 2, 2);
    await act(async () => {
      editor.update(
        () => {
          const table = $getRoot().getFirstChild() as TableNode;
          $setSelection($createTableSelectionFrom(table, cellAt(table, 1, 0), cellAt(table, 1, 1)));
        },
        { discrete: true },
      );
    });
    const errors: unknown[] = [];
    const stop = editor.registerUpdateListener(({ editorState }) => {
      try {
        editorState.read(() => $getSelection()?.getNodes());
      } catch (e) {
        errors.push(e);
      }
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Merge cells' }));
    await waitFor(() => expect(shape(editor)).toEqual([2, 1]));
    stop();
    expect(errors).toEqual([]);
    const inMerged = editor.getEditorState().read(() => {
      const node = $getSelection()?.getNodes()[0];
      const cell = node && ($isTableCellNode(node) ? node : node.getParents().find($isTableCellNode));
      return cell ? cell.getColSpan() : null;
    });
    expect(inMerged).toBe(2);
  });

  it('repairs a stored table on load (a missing cell is added)', async () => {
    const cell = { type: 'tablecell', version: 1, colSpan: 1, rowSpan: 1, headerState: 0, children: [{ type: 'paragraph', version: 1, children: [] }] };
    const state = {
      root: { type: 'root', version: 1, children: [{ type: 'table', version: 1, children: [{ type: 'tablerow', version: 1, children: [cell, cell] }, { type: 'tablerow', version: 1, children: [cell] }] }] },
    };
    const { editor } = await setup(JSON.stringify(state));
    expect(shape(editor)).toEqual([2, 2]);
  });

  it('gives every toolbar action an accessible name and a keyboard shortcut', async () => {
    await setup();
    const buttons = screen.getAllByRole('button').filter((b) => b.closest('[role="toolbar"]'));
    // Marks, lists, indent, blocks, link, table, undo and redo (the image button needs an uploader).
    expect(buttons).toHaveLength(15);
    for (const b of buttons) {
      expect(b).toHaveAccessibleName();
      expect(b.getAttribute('aria-keyshortcuts')).toMatch(/^(Control|Meta)\+/);
    }
    expect(screen.getByRole('combobox', { name: 'Font size' })).toBeInTheDocument();
  });
});
