'use client';

import dynamic from 'next/dynamic';
import type { RichTextEditorProps } from './rich-text-editor';

/** Placeholder with the editor's shape while its code loads (it never renders on the server). */
export function EditorSkeleton({ minRows = 10 }: { minRows?: number }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm" role="status" aria-busy="true" aria-label="Loading editor">
      <div className="flex h-[45px] items-center gap-2 border-b border-slate-200 bg-slate-50/80 px-3">
        {Array.from({ length: 6 }, (_, i) => (
          <span key={i} className="size-6 animate-pulse rounded bg-slate-200" />
        ))}
      </div>
      <div style={{ minHeight: `${minRows * 1.5}rem` }} />
    </div>
  );
}

const Loaded = dynamic(() => import('./rich-text-editor'), { ssr: false, loading: () => <EditorSkeleton /> });

/** The rich-text editor, code-split: pages pay for Lexical only when they show an editor. */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return <Loaded {...props} />;
}
