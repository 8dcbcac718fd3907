'use client';

import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { INSERT_TABLE_COMMAND } from '@lexical/table';
import { $setSelection, type BaseSelection } from 'lexical';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';

const MAX = 20;
const MESSAGE = `Enter a number from 1 to ${MAX}.`;

/** Asks for the size of a new table (3 × 3 by default) and inserts it at the caret. */
export function TableDialog({ open, selection, onClose }: { open: boolean; selection: BaseSelection | null; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title="Insert table" size="sm">
      {open && <TableForm selection={selection} onClose={onClose} />}
    </Dialog>
  );
}

function TableForm({ selection, onClose }: { selection: BaseSelection | null; onClose: () => void }) {
  const [editor] = useLexicalComposerContext();
  const [rows, setRows] = useState('3');
  const [columns, setColumns] = useState('3');
  const valid = (v: string) => /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX;

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    if (!valid(rows) || !valid(columns)) return;
    // Focus left the editor for the dialog: put the caret back where it was, then insert there.
    editor.update(() => {
      if (selection) $setSelection(selection.clone());
      editor.dispatchCommand(INSERT_TABLE_COMMAND, { rows, columns, includeHeaders: false });
    });
    onClose();
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3">
        <Field label="Rows" inputMode="numeric" autoFocus value={rows} onChange={(e) => setRows(e.target.value)} error={valid(rows) ? undefined : MESSAGE} />
        <Field label="Columns" inputMode="numeric" value={columns} onChange={(e) => setColumns(e.target.value)} error={valid(columns) ? undefined : MESSAGE} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">Insert table</Button>
      </div>
    </form>
  );
}
