import { CodeHighlightNode, CodeNode } from '@lexical/code-core';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HorizontalRuleNode } from '@lexical/react/LexicalHorizontalRuleNode';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { TableCellNode, TableNode, TableRowNode } from '@lexical/table';
import type { EditorThemeClasses, Klass, LexicalNode } from 'lexical';
import { RTE } from './classes';
import { ImageNode } from './image-node';

/** Undo depth and grouping delay of the rich-text rules (jobs spec §5). */
export const HISTORY_DEPTH = 100;
export const HISTORY_DELAY_MS = 500;

/** The node types the editor can hold: the blocks and marks of the rich-text content rules. */
export const EDITOR_NODES: readonly Klass<LexicalNode>[] = [
  ListNode,
  ListItemNode,
  LinkNode,
  AutoLinkNode,
  HeadingNode,
  QuoteNode,
  CodeNode,
  CodeHighlightNode,
  HorizontalRuleNode,
  TableNode,
  TableRowNode,
  TableCellNode,
  ImageNode,
];

/** Class names for the editable area and for the read-only renderer of the same content. */
export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: RTE.p,
  quote: RTE.quote,
  code: RTE.code,
  hr: RTE.hr,
  image: 'inline-block align-bottom',
  heading: { h1: 'mb-2 text-2xl font-bold', h2: 'mb-2 text-xl font-bold', h3: 'mb-2 text-lg font-semibold' },
  text: {
    bold: RTE.bold,
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: '[text-decoration:underline_line-through]',
    code: 'rounded bg-slate-100 px-1 font-mono text-[0.9em]',
    subscript: 'align-sub text-[0.75em]',
    superscript: 'align-super text-[0.75em]',
  },
  list: {
    ul: RTE.ul,
    ol: RTE.ol,
    listitem: RTE.li,
    nested: { listitem: RTE.nestedLi },
  },
  link: RTE.link,
  table: RTE.table,
  tableRow: '',
  tableCell: RTE.cell,
  tableCellHeader: RTE.headerCell,
  tableCellSelected: 'bg-brand-50',
  tableSelection: 'selection:bg-transparent',
  tableScrollableWrapper: 'mb-2 overflow-x-auto',
};

/** The attributes every link gets: external links open in a new tab without leaking the opener. */
export const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;
