import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import type { EditorThemeClasses, Klass, LexicalNode } from 'lexical';
import { RTE } from './classes';

/** Undo depth and grouping delay of the rich-text rules (jobs spec §5). */
export const HISTORY_DEPTH = 100;
export const HISTORY_DELAY_MS = 500;

/** The node types the editor can hold: paragraphs (built in), lists and links. */
export const EDITOR_NODES: readonly Klass<LexicalNode>[] = [ListNode, ListItemNode, LinkNode, AutoLinkNode];

/** Class names for the editable area and for the read-only renderer of the same content. */
export const EDITOR_THEME: EditorThemeClasses = {
  paragraph: RTE.p,
  text: {
    bold: RTE.bold,
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: '[text-decoration:underline_line-through]',
  },
  list: {
    ul: RTE.ul,
    ol: RTE.ol,
    listitem: RTE.li,
    nested: { listitem: RTE.nestedLi },
  },
  link: RTE.link,
};

/** The attributes every link gets: external links open in a new tab without leaking the opener. */
export const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;
