'use client';

import { $isLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { $isListNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { clsx } from 'clsx';
import {
  $findMatchingParent,
  $getSelection,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  KEY_MODIFIER_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  mergeRegister,
  type BaseSelection,
  type TextFormatType,
} from 'lexical';
import { useCallback, useEffect, useState } from 'react';
import { LinkDialog } from './link-dialog';

type ToolbarState = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  list: 'bullet' | 'number' | null;
  link: string | null;
  hasText: boolean;
};

const EMPTY: ToolbarState = { bold: false, italic: false, underline: false, list: null, link: null, hasText: false };

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const MOD = IS_MAC ? '⌘' : 'Ctrl+';

/** Formatting buttons. Pressed states follow the selection; Ctrl/⌘+B, I, U, K, Z, Shift+Z work too. */
export function Toolbar() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(EMPTY);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkSelection, setLinkSelection] = useState<BaseSelection | null>(null);

  const readState = useCallback(() => {
    const selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const node = selection.anchor.getNode();
    const list = $findMatchingParent(node, $isListNode);
    const link = $findMatchingParent(node, $isLinkNode);
    setState({
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      list: list && $isListNode(list) ? (list.getListType() === 'number' ? 'number' : 'bullet') : null,
      link: link && $isLinkNode(link) ? link.getURL() : null,
      hasText: !selection.isCollapsed(),
    });
  }, []);

  const openLinkDialog = useCallback(() => {
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      setLinkSelection(selection ? selection.clone() : null);
    });
    return true;
  }, [editor]);

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
          KEY_MODIFIER_COMMAND,
          (event) => {
            if ((event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === 'k') {
              event.preventDefault();
              return openLinkDialog();
            }
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, readState, openLinkDialog],
  );

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);
  const toggleList = (type: 'bullet' | 'number') => {
    if (state.list === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  return (
    <>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50/80 px-2 py-1.5">
        <ToolButton label="Bold" shortcut={`${MOD}B`} pressed={state.bold} onClick={() => format('bold')} icon={ICONS.bold} />
        <ToolButton label="Italic" shortcut={`${MOD}I`} pressed={state.italic} onClick={() => format('italic')} icon={ICONS.italic} />
        <ToolButton label="Underline" shortcut={`${MOD}U`} pressed={state.underline} onClick={() => format('underline')} icon={ICONS.underline} />
        <Divider />
        <ToolButton label="Bulleted list" pressed={state.list === 'bullet'} onClick={() => toggleList('bullet')} icon={ICONS.bullet} />
        <ToolButton label="Numbered list" pressed={state.list === 'number'} onClick={() => toggleList('number')} icon={ICONS.number} />
        <Divider />
        <ToolButton label="Link" shortcut={`${MOD}K`} pressed={!!state.link} onClick={openLinkDialog} icon={ICONS.link} />
        <span className="flex-1" />
        <ToolButton label="Undo" shortcut={`${MOD}Z`} disabled={!canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)} icon={ICONS.undo} />
        <ToolButton label="Redo" shortcut={IS_MAC ? '⇧⌘Z' : 'Ctrl+Y'} disabled={!canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)} icon={ICONS.redo} />
      </div>
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
    </>
  );
}

function Divider() {
  return <span aria-hidden className="mx-1 h-5 w-px bg-slate-200" />;
}

function ToolButton({
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
  icon,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  icon: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed === undefined ? undefined : pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
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

const svg = (d: React.ReactNode) => (
  <svg viewBox="0 0 20 20" className="size-[18px]" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    {d}
  </svg>
);

const ICONS = {
  bold: svg(<path d="M6 4h5a3 3 0 0 1 0 6H6zM6 10h6a3 3 0 0 1 0 6H6z" />),
  italic: svg(<path d="M12 4H8.5M11.5 16H8M11 4 9 16" />),
  underline: svg(<path d="M6 3.5v6a4 4 0 0 0 8 0v-6M5 17h10" />),
  bullet: svg(
    <>
      <path d="M8 5.5h8M8 10h8M8 14.5h8" />
      <circle cx="4.25" cy="5.5" r=".9" fill="currentColor" />
      <circle cx="4.25" cy="10" r=".9" fill="currentColor" />
      <circle cx="4.25" cy="14.5" r=".9" fill="currentColor" />
    </>,
  ),
  number: svg(<path d="M8.5 5.5h8M8.5 10h8M8.5 14.5h8M3.5 4.5l1-.5v3M3.2 9.2c.4-.5 1.8-.5 1.8.4 0 .7-1.8 1.3-1.8 2h1.9M3.3 13.4h1.6l-.8 1 .2 0c.6 0 .9.3.9.8s-.5.8-1 .8c-.4 0-.8-.1-1-.4" />),
  link: svg(<path d="M8.5 11.5a3 3 0 0 0 4.2.2l2.3-2.3a3 3 0 0 0-4.2-4.2l-.9.9M11.5 8.5a3 3 0 0 0-4.2-.2L5 10.6a3 3 0 0 0 4.2 4.2l.9-.9" />),
  undo: svg(<path d="M7.5 7.5H13a3.5 3.5 0 0 1 0 7H9M7.5 7.5 10 5M7.5 7.5 10 10" />),
  redo: svg(<path d="M12.5 7.5H7a3.5 3.5 0 0 0 0 7h4M12.5 7.5 10 5M12.5 7.5 10 10" />),
};
