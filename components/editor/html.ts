'use client';

import { $generateHtmlFromNodes } from '@lexical/html';
import { createHeadlessEditor } from '@lexical/headless';
import { EDITOR_NODES, EDITOR_THEME } from './config';
import { isEditorStateJson } from './text';

/**
 * HTML of a serialized editor state (browser only: Lexical's exporter needs a DOM). The server
 * sanitizes whatever it is sent; this is for APIs that want `*_html` next to the JSON.
 * Import it lazily (`await import('@/components/editor/html')`) at submit time.
 */
export function editorStateToHtml(json: string | null | undefined): string {
  if (!isEditorStateJson(json)) return '';
  const editor = createHeadlessEditor({ namespace: 'tna-export', nodes: EDITOR_NODES, theme: EDITOR_THEME, onError: (e) => console.error(e) });
  editor.setEditorState(editor.parseEditorState(json as string));
  let html = '';
  editor.getEditorState().read(() => {
    html = $generateHtmlFromNodes(editor, null);
  });
  return html;
}
