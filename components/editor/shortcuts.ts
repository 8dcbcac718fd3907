/**
 * Every toolbar action and its keyboard shortcut (Ctrl, or ⌘ on a Mac, plus the keys below). One
 * keydown handler in the toolbar matches them; the buttons show them in their title and
 * aria-keyshortcuts. Keys are KeyboardEvent.code values so layouts with other symbols still work.
 */
export type ActionId =
  | 'bold' | 'italic' | 'underline' | 'strikethrough' | 'link'
  | 'bullet' | 'number' | 'quote' | 'code' | 'rule'
  | 'indent' | 'outdent' | 'fontUp' | 'fontDown'
  | 'table' | 'image'
  | 'rowAbove' | 'rowBelow' | 'columnLeft' | 'columnRight' | 'deleteRow' | 'deleteColumn' | 'merge' | 'split' | 'widen' | 'narrow'
  | 'undo' | 'redo';

export type Shortcut = { code: string; shift?: boolean; alt?: boolean };

export const ACTIONS: Record<ActionId, { label: string; shortcut: Shortcut }> = {
  bold: { label: 'Bold', shortcut: { code: 'KeyB' } },
  italic: { label: 'Italic', shortcut: { code: 'KeyI' } },
  underline: { label: 'Underline', shortcut: { code: 'KeyU' } },
  strikethrough: { label: 'Strikethrough', shortcut: { code: 'KeyX', shift: true } },
  link: { label: 'Link', shortcut: { code: 'KeyK' } },
  bullet: { label: 'Bulleted list', shortcut: { code: 'Digit8', shift: true } },
  number: { label: 'Numbered list', shortcut: { code: 'Digit7', shift: true } },
  quote: { label: 'Quote', shortcut: { code: 'Digit9', shift: true } },
  code: { label: 'Code block', shortcut: { code: 'KeyC', alt: true } },
  rule: { label: 'Horizontal line', shortcut: { code: 'KeyH', alt: true } },
  indent: { label: 'Indent', shortcut: { code: 'BracketRight' } },
  outdent: { label: 'Outdent', shortcut: { code: 'BracketLeft' } },
  fontUp: { label: 'Larger text', shortcut: { code: 'Period', shift: true } },
  fontDown: { label: 'Smaller text', shortcut: { code: 'Comma', shift: true } },
  table: { label: 'Insert table', shortcut: { code: 'KeyT', alt: true } },
  image: { label: 'Insert image', shortcut: { code: 'KeyG', alt: true } },
  rowAbove: { label: 'Insert row above', shortcut: { code: 'ArrowUp', alt: true } },
  rowBelow: { label: 'Insert row below', shortcut: { code: 'ArrowDown', alt: true } },
  columnLeft: { label: 'Insert column left', shortcut: { code: 'ArrowLeft', alt: true } },
  columnRight: { label: 'Insert column right', shortcut: { code: 'ArrowRight', alt: true } },
  deleteRow: { label: 'Delete row', shortcut: { code: 'Backspace', alt: true } },
  deleteColumn: { label: 'Delete column', shortcut: { code: 'Backspace', alt: true, shift: true } },
  merge: { label: 'Merge cells', shortcut: { code: 'KeyM', alt: true } },
  split: { label: 'Split cell', shortcut: { code: 'KeyS', alt: true } },
  widen: { label: 'Widen column', shortcut: { code: 'ArrowRight', alt: true, shift: true } },
  narrow: { label: 'Narrow column', shortcut: { code: 'ArrowLeft', alt: true, shift: true } },
  undo: { label: 'Undo', shortcut: { code: 'KeyZ' } },
  redo: { label: 'Redo', shortcut: { code: 'KeyZ', shift: true } },
};

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

const KEY_NAMES: Record<string, string> = {
  BracketRight: ']',
  BracketLeft: '[',
  Period: '.',
  Comma: ',',
  ArrowUp: '↑',
  ArrowDown: '↓',
  ArrowLeft: '←',
  ArrowRight: '→',
  Backspace: 'Backspace',
};
const keyName = (code: string) => KEY_NAMES[code] ?? code.replace(/^(Key|Digit)/, '');

/** 'Ctrl+Alt+T' (or '⌘⌥T' on a Mac), for titles. */
export function shortcutLabel({ code, shift, alt }: Shortcut): string {
  if (IS_MAC) return `${shift ? '⇧' : ''}${alt ? '⌥' : ''}⌘${keyName(code)}`;
  return `Ctrl+${alt ? 'Alt+' : ''}${shift ? 'Shift+' : ''}${keyName(code)}`;
}

/** The aria-keyshortcuts value ('Control+Alt+T'). */
export function ariaShortcut({ code, shift, alt }: Shortcut): string {
  return [IS_MAC ? 'Meta' : 'Control', alt && 'Alt', shift && 'Shift', code.startsWith('Arrow') ? code : keyName(code)]
    .filter(Boolean)
    .join('+');
}

/** The action a keydown asks for, if any. */
export function actionFor(event: KeyboardEvent): ActionId | null {
  if (!(event.ctrlKey || event.metaKey)) return null;
  for (const [id, { shortcut }] of Object.entries(ACTIONS) as [ActionId, (typeof ACTIONS)[ActionId]][]) {
    if (shortcut.code === event.code && !!shortcut.shift === event.shiftKey && !!shortcut.alt === event.altKey) return id;
  }
  return null;
}
