'use client';

import { HorizontalRulePlugin } from '@lexical/react/LexicalHorizontalRulePlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { TablePlugin } from '@lexical/react/LexicalTablePlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { createEmptyHistoryState, registerHistory } from '@lexical/history';
import { clsx } from 'clsx';
import { $generateNodesFromDOM } from '@lexical/html';
import { $createParagraphNode, $getEditor, $getRoot, $insertNodes, $isParagraphNode, type EditorState, type LexicalEditor } from 'lexical';
import { useEffect, useRef, useState } from 'react';
import { INDENT_STEP_PX } from '@/lib/jobs/editor-rules';
import { repairTables } from '@/lib/jobs/table-rules';
import { EDITOR_NODES, EDITOR_THEME, HISTORY_DELAY_MS, HISTORY_DEPTH } from './config';
import { ImagePlugin, type ImageUploader } from './image-plugin';
import { TableResizePlugin } from './table-resize-plugin';
import { isEditorStateJson, isHttpUrl } from './text';
import { Toolbar } from './toolbar';

export type RichTextEditorProps = {
  /** Serialized Lexical editor state (JSON string); empty for a blank editor. */
  value?: string | null;
  /** Called with the serialized state and its plain text on every content change. */
  onChange?: (json: string, text: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  /** id of the editable element (a <label htmlFor> can point at it). */
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  invalid?: boolean;
  /** Minimum height of the writing area, in rem. */
  minRows?: number;
  /** Receives the Lexical editor once created (tests, HTML export). */
  editorRef?: React.MutableRefObject<LexicalEditor | null>;
  className?: string;
  /** Uploads an inserted or pasted image and answers its address; without it there is no image button. */
  uploadImage?: ImageUploader;
};

/**
 * The rich-text editor of job descriptions and news posts (jobs spec §5 content rules): marks, font
 * sizes, lists, indent, quotes, code blocks, lines, links, tables (merge, split, resize, repair on
 * load), images (720 px rule), undo/redo (depth 100, 500 ms grouping). Its value is Lexical JSON.
 * Load it through `LazyRichTextEditor` so pages that do not use it do not ship it.
 */
export function RichTextEditor({
  value,
  onChange,
  onBlur,
  placeholder = 'Write here…',
  id,
  invalid,
  minRows = 10,
  editorRef,
  className,
  uploadImage,
  ...aria
}: RichTextEditorProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const initialConfig: InitialConfigType = {
    namespace: 'tna-rich-text',
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
    // Lexical JSON is loaded as is; a stored HTML (or plain text) description is imported.
    // Stored tables are repaired before they are shown (the server repairs them again on save).
    editorState: isEditorStateJson(value) ? JSON.stringify(repairTables(JSON.parse(value))) : value ? () => importHtml(value) : undefined,
    onError(error) {
      // A broken state must not take the whole form down; Lexical recovers to the last good state.
      console.error(error);
    },
  };

  return (
    <LexicalComposer initialConfig={initialConfig}>
      <div
        className={clsx(
          'overflow-hidden rounded-lg border bg-white shadow-sm transition focus-within:ring-2',
          invalid ? 'border-red-400 focus-within:ring-red-200' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-100',
          className,
        )}
      >
        <Toolbar onNotice={setNotice} uploadImage={uploadImage} />
        {notice && (
          <p role="alert" className="flex items-start gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-xs text-amber-900">
            <span className="flex-1">{notice}</span>
            <button type="button" className="font-semibold underline" onClick={() => setNotice(null)}>
              Dismiss
            </button>
          </p>
        )}
        <div className="relative">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                id={id}
                aria-multiline
                aria-invalid={invalid || undefined}
                aria-label={aria['aria-label']}
                aria-labelledby={aria['aria-labelledby']}
                aria-describedby={aria['aria-describedby']}
                className="max-h-[32rem] overflow-y-auto px-4 py-3 text-sm leading-6 text-slate-800 outline-none"
                // Lexical indents by this variable (default 40 px): the rules' step is 30 px.
                style={{ minHeight: `${minRows * 1.5}rem`, ['--lexical-indent-base-value' as string]: `${INDENT_STEP_PX}px` }}
                aria-placeholder={placeholder}
                placeholder={
                  <div className="pointer-events-none absolute left-4 top-3 select-none text-sm text-slate-500">{placeholder}</div>
                }
                onBlur={onBlur}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <BoundedHistoryPlugin />
        <ListPlugin />
        <TablePlugin hasCellMerge hasCellBackgroundColor={false} hasTabHandler hasHorizontalScroll />
        <TableResizePlugin />
        <HorizontalRulePlugin />
        <ImagePlugin upload={uploadImage} onNotice={setNotice} />
        <LinkPlugin validateUrl={isHttpUrl} />
        <ExternalValuePlugin value={value} />
        <EditorRefPlugin editorRef={editorRef} />
        {onChange && <ChangePlugin value={value} onChange={onChange} />}
      </div>
    </LexicalComposer>
  );
}

/** Replaces the content with the nodes of an HTML string (runs inside an editor update). */
function importHtml(html: string) {
  const editor = $getEditor();
  const markup = /<[a-z][\s\S]*>/i.test(html) ? html : html.split(/\n{2,}/).map((p) => `<p>${escapeText(p)}</p>`).join('');
  const dom = new DOMParser().parseFromString(markup, 'text/html');
  const root = $getRoot();
  root.clear();
  root.select();
  $insertNodes($generateNodesFromDOM(editor, dom));
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

/** History with the spec's depth cap (the stock HistoryPlugin has no depth option). */
function BoundedHistoryPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(() => registerHistory(editor, createEmptyHistoryState(), HISTORY_DELAY_MS, Date.now, undefined, HISTORY_DEPTH), [editor]);
  return null;
}

function EditorRefPlugin({ editorRef }: { editorRef?: React.MutableRefObject<LexicalEditor | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (!editorRef) return;
    editorRef.current = editor;
    return () => {
      editorRef.current = null;
    };
  }, [editor, editorRef]);
  return null;
}

/**
 * Emits JSON on content changes only (selection moves are ignored). A blank editor given a blank
 * value stays quiet: Lexical's first update adds the root's empty paragraph, and reporting that as
 * a change made a form dirty and saved a wizard draft nobody had written (the job wizard then
 * offered "Your draft was kept on this device" for an empty one).
 */
function ChangePlugin({ value, onChange }: { value?: string | null; onChange: (json: string, text: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const blankValue = !value;
  const handle = (state: EditorState) => {
    if (blankValue && state.read($isBlankDocument)) return;
    const json = JSON.stringify(state.toJSON());
    const text = state.read(() => $getRoot().getTextContent());
    lastEmitted.set(editor, json);
    onChange(json, text);
  };
  return <OnChangePlugin ignoreSelectionChange ignoreHistoryMergeTagChange onChange={handle} />;
}

/** Nothing but (at most) one empty paragraph: no text, no image, no table, no rule. */
function $isBlankDocument() {
  const children = $getRoot().getChildren();
  if (children.length === 0) return true;
  const only = children[0];
  return children.length === 1 && $isParagraphNode(only) && only.getChildrenSize() === 0;
}

const lastEmitted = new WeakMap<LexicalEditor, string>();

/**
 * A value set from outside (a loaded job, a reset form) replaces the content; the editor's own
 * echo of what it just emitted is ignored so typing is never interrupted.
 */
function ExternalValuePlugin({ value }: { value?: string | null }) {
  const [editor] = useLexicalComposerContext();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (value === lastEmitted.get(editor)) return;
    if (isEditorStateJson(value)) {
      const next = editor.parseEditorState(value as string);
      if (JSON.stringify(next.toJSON()) === JSON.stringify(editor.getEditorState().toJSON())) return;
      editor.setEditorState(next);
    } else if (!value) {
      editor.update(() => {
        const root = $getRoot();
        if (root.getTextContent()) root.clear().append($createParagraphNode());
      });
    }
  }, [editor, value]);
  return null;
}

export default RichTextEditor;
