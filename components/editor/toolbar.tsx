'use client';

import { $createCodeNode, $isCodeNode } from '@lexical/code-core';
import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { INSERT_HORIZONTAL_RULE_COMMAND } from '@lexical/react/LexicalHorizontalRuleNode';
import { $createQuoteNode, $isQuoteNode } from '@lexical/rich-text';
import { $getSelectionStyleValueForProperty, $patchStyleText, $setBlocksType } from '@lexical/selection';
import { $findTableNode, $isTableCellNode } from '@lexical/table';
import { clsx } from 'clsx';
import {
  $createParagraphNode,
  $findMatchingParent,
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  INDENT_CONTENT_COMMAND,
  KEY_DOWN_COMMAND,
  OUTDENT_CONTENT_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  mergeRegister,
  type BaseSelection,
  type LexicalEditor,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FONT_SIZES_PT, fontSizeOf, stepFontSize } from '@/lib/jobs/editor-rules';
import { ICONS } from './icons';
import { uploadAndInsert, type ImageUploader } from './image-plugin';
import { LinkDialog } from './link-dialog';
import { ACTIONS, actionFor, ariaShortcut, shortcutLabel, type ActionId } from './shortcuts';
import { $isInTable, $runTableAction, type TableAction } from './table-actions';
import { TableDialog } from './table-dialog';
import { $resizeColumnOf } from './table-resize-plugin';

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  list: 'bullet' | 'number' | null;
  block: 'quote' | 'code' | null;
  link: string | null;
  hasText: boolean;
  fontSize: number | null;
  inTable: boolean;
};

const EMPTY: ToolbarState = { bold: false, italic: false, underline: false, strikethrough: false, list: null, block: null, link: null, hasText: false, fontSize: null, inTable: false };

const TABLE_ACTIONS: readonly (TableAction & ActionId)[] = ['rowAbove', 'rowBelow', 'columnLeft', 'columnRight', 'deleteRow', 'deleteColumn', 'merge', 'split'];
const COLUMN_STEP_PX = 10;

function $setFontSize(pt: number | null) {
  const selection = $getSelection();
  if ($isRangeSelection(selection)) $patchStyleText(selection, { 'font-size': pt ? `${pt}pt` : null });
}

/** Quote and code block toggle: applied to the selected blocks, or back to paragraphs. */
function $toggleBlock(kind: 'quote' | 'code', current: ToolbarState['block']) {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  $setBlocksType(selection, () => (current === kind ? $createParagraphNode() : kind === 'quote' ? $createQuoteNode() : $createCodeNode()));
}

/**
 * Formatting buttons, each with an accessible name and a keyboard shortcut (shortcuts.ts). Pressed
 * states follow the selection; table actions appear while the caret is in a table. Refusals (the
 * last row, a merge that cuts a merged cell) go to onNotice.
 */
export function Toolbar({ onNotice, uploadImage }: { onNotice: (message: string | null) => void; uploadImage?: ImageUploader }) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(EMPTY);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkSelection, setLinkSelection] = useState<BaseSelection | null>(null);
  const [tableSelection, setTableSelection] = useState<BaseSelection | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);

  const readState = useCallback(() => {
    const selection = $getSelection();
    const inTable = $isInTable();
    if (!$isRangeSelection(selection)) {
      setState((s) => ({ ...s, inTable }));
      return;
    }
    const node = selection.anchor.getNode();
    const list = $findMatchingParent(node, $isListNode);
    const link = $findMatchingParent(node, $isLinkNode);
    const block = $findMatchingParent(node, (n) => $isQuoteNode(n) || $isCodeNode(n));
    setState({
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      strikethrough: selection.hasFormat('strikethrough'),
      list: list && $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
      block: block ? ($isQuoteNode(block) ? 'quote' : 'code') : null,
      link: link && $isLinkNode(link) ? link.getURL() : null,
      hasText: !selection.isCollapsed(),
      fontSize: fontSizeOf(`font-size: ${$getSelectionStyleValueForProperty(selection, 'font-size', '')}`),
      inTable,
    });
  }, []);

  const keepSelection = useCallback(
    (set: (s: BaseSelection | null) => void) => {
      editor.getEditorState().read(() => {
        const selection = $getSelection();
        set(selection ? selection.clone() : null);
      });
    },
    [editor],
  );

  const run = useCallback(
    (id: ActionId) => {
      const current = stateRef.current;
      onNotice(null);
      switch (id) {
        case 'bold':
        case 'italic':
        case 'underline':
        case 'strikethrough':
          editor.dispatchCommand(FORMAT_TEXT_COMMAND, id as TextFormatType);
          return;
        case 'link':
          keepSelection(setLinkSelection);
          return;
        case 'bullet':
        case 'number':
          if (current.list === id) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
          else editor.dispatchCommand(id === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
          return;
        case 'quote':
        case 'code':
          editor.update(() => $toggleBlock(id, current.block));
          return;
        case 'rule':
          editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined);
          return;
        case 'indent':
        case 'outdent':
          editor.dispatchCommand(id === 'indent' ? INDENT_CONTENT_COMMAND : OUTDENT_CONTENT_COMMAND, undefined);
          return;
        case 'fontUp':
        case 'fontDown':
          editor.update(() => $setFontSize(stepFontSize(current.fontSize, id === 'fontUp' ? 1 : -1)));
          return;
        case 'table':
          keepSelection(setTableSelection);
          return;
        case 'image':
          if (uploadImage) fileInput.current?.click();
          return;
        case 'widen':
        case 'narrow':
          editor.update(() => $resizeSelectedColumn(editor, id === 'widen' ? COLUMN_STEP_PX : -COLUMN_STEP_PX));
          return;
        case 'undo':
        case 'redo':
          editor.dispatchCommand(id === 'undo' ? UNDO_COMMAND : REDO_COMMAND, undefined);
          return;
        default: {
          let refusal: string | null = null;
          editor.update(() => {
            refusal = $runTableAction(id);
          });
          if (refusal) onNotice(refusal);
        }
      }
    },
    [editor, keepSelection, onNotice, uploadImage],
  );

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(readState)),
        editor.registerCommand(
          SELECTION_CHANGE_COMMAND,
          () => {
            readState();
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (v) => {
            setCanUndo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (v) => {
            setCanRedo(v);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          KEY_DOWN_COMMAND,
          (event) => {
            const id = actionFor(event);
            // Bold, italic, underline, undo and redo are Lexical's own; the table keys only in a table.
            if (!id || ['bold', 'italic', 'underline', 'undo', 'redo'].includes(id)) return false;
            if ((TABLE_ACTIONS as readonly string[]).includes(id) || id === 'widen' || id === 'narrow') {
              if (!editor.getEditorState().read($isInTable)) return false;
            }
            event.preventDefault();
            run(id);
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor, readState, run],
  );

  const button = (id: ActionId, icon: React.ReactNode, pressed?: boolean, disabled?: boolean) => (
    <ToolButton key={id} id={id} pressed={pressed} disabled={disabled} onClick={() => run(id)} icon={icon} />
  );

  return (
    <>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50/80 px-2 py-1.5">
        <select
          aria-label="Font size"
          title={`Font size (${shortcutLabel(ACTIONS.fontUp.shortcut)} / ${shortcutLabel(ACTIONS.fontDown.shortcut)})`}
          value={state.fontSize ?? ''}
          onChange={(e) => {
            const pt = e.target.value ? Number(e.target.value) : null;
            editor.update(() => $setFontSize(pt));
            editor.focus();
          }}
          className="mr-1 h-8 rounded-md border border-slate-200 bg-white px-1 text-xs text-slate-700"
        >
          <option value="">Size</option>
          {FONT_SIZES_PT.map((pt) => (
            <option key={pt} value={pt}>
              {pt} pt
            </option>
          ))}
        </select>
        {button('bold', ICONS.bold, state.bold)}
        {button('italic', ICONS.italic, state.italic)}
        {button('underline', ICONS.underline, state.underline)}
        {button('strikethrough', ICONS.strike, state.strikethrough)}
        <Divider />
        {button('bullet', ICONS.bullet, state.list === 'bullet')}
        {button('number', ICONS.number, state.list === 'number')}
        {button('outdent', ICONS.outdent)}
        {button('indent', ICONS.indent)}
        <Divider />
        {button('quote', ICONS.quote, state.block === 'quote')}
        {button('code', ICONS.code, state.block === 'code')}
        {button('rule', ICONS.rule)}
        {button('link', ICONS.link, !!state.link)}
        {button('table', ICONS.table)}
        {uploadImage && button('image', ICONS.image)}
        <span className="flex-1" />
        {button('undo', ICONS.undo, undefined, !canUndo)}
        {button('redo', ICONS.redo, undefined, !canRedo)}
      </div>
      {state.inTable && (
        <div role="toolbar" aria-label="Table" className="flex flex-wrap items-center gap-1 border-b border-slate-200 bg-white px-2 py-1 text-xs">
          {TABLE_ACTIONS.map((id) => (
            <TextButton key={id} id={id} onClick={() => run(id)} />
          ))}
          <TextButton id="narrow" onClick={() => run('narrow')} />
          <TextButton id="widen" onClick={() => run('widen')} />
        </div>
      )}
      {uploadImage && (
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          className="hidden"
          aria-label="Image file"
          onChange={async (e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            const error = await uploadAndInsert(editor, files, uploadImage);
            if (error) onNotice(error);
          }}
        />
      )}
      <LinkDialog
        open={linkSelection !== null}
        selection={linkSelection}
        currentUrl={state.link}
        hasText={state.hasText}
        onClose={() => {
          setLinkSelection(null);
          editor.focus();
        }}
        onRemove={() => editor.dispatchCommand(TOGGLE_LINK_COMMAND, null)}
      />
      <TableDialog
        open={tableSelection !== null}
        selection={tableSelection}
        onClose={() => {
          setTableSelection(null);
          editor.focus();
        }}
      />
    </>
  );
}

/** The column of the caret's cell, resized by delta px. */
function $resizeSelectedColumn(editor: LexicalEditor, delta: number) {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return;
  const cell = $findMatchingParent(selection.anchor.getNode(), $isTableCellNode);
  if (!$isTableCellNode(cell)) return;
  const table = $findTableNode(cell);
  const element = table ? (editor.getElementByKey(table.getKey())?.querySelector('table') ?? (editor.getElementByKey(table.getKey()) as HTMLTableElement | null)) : null;
  $resizeColumnOf(cell, delta, element as HTMLTableElement | null);
}

function Divider() {
  return <span aria-hidden className="mx-1 h-5 w-px bg-slate-200" />;
}

function ToolButton({ id, pressed, disabled, onClick, icon }: { id: ActionId; pressed?: boolean; disabled?: boolean; onClick: () => void; icon: React.ReactNode }) {
  const { label, shortcut } = ACTIONS[id];
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      aria-keyshortcuts={ariaShortcut(shortcut)}
      title={`${label} (${shortcutLabel(shortcut)})`}
      disabled={disabled}
      // Keep the editor's selection: a mousedown on the button would otherwise blur it.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={clsx(
        'inline-flex size-8 items-center justify-center rounded-md text-slate-600 transition hover:bg-white hover:text-slate-900 hover:shadow-sm disabled:pointer-events-none disabled:opacity-35',
        pressed && 'bg-brand-100 text-brand-700 hover:bg-brand-100 hover:text-brand-700',
      )}
    >
      {icon}
    </button>
  );
}

function TextButton({ id, onClick }: { id: ActionId; onClick: () => void }) {
  const { label, shortcut } = ACTIONS[id];
  return (
    <button
      type="button"
      aria-keyshortcuts={ariaShortcut(shortcut)}
      title={`${label} (${shortcutLabel(shortcut)})`}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="rounded border border-slate-200 px-2 py-1 text-slate-700 hover:bg-slate-50"
    >
      {label}
    </button>
  );
}
