'use client';

import { $createLinkNode, $toggleLink } from '@lexical/link';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { $createTextNode, $isRangeSelection, $setSelection, type BaseSelection } from 'lexical';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { LINK_ATTRIBUTES } from './config';
import { isHttpUrl } from './text';

export const LINK_URL_MESSAGE = 'Enter a valid link starting with http:// or https://';

type Props = {
  open: boolean;
  /** The editor selection when the dialog opened (focus leaves the editor while it is open). */
  selection: BaseSelection | null;
  currentUrl: string | null;
  /** Some text is selected: it becomes the link text. Otherwise the dialog asks for the text. */
  hasText: boolean;
  onClose: () => void;
  onRemove: () => void;
};

/** Adds, changes or removes a link on the selected text; only http(s) addresses are accepted. */
export function LinkDialog({ open, onClose, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={rest.currentUrl ? 'Edit link' : 'Insert link'} size="sm">
      {/* Mounted on each opening, so it starts from the current link. */}
      {open && <LinkForm onClose={onClose} {...rest} />}
    </Dialog>
  );
}

function LinkForm({ selection, currentUrl, hasText, onClose, onRemove }: Omit<Props, 'open'>) {
  const [editor] = useLexicalComposerContext();
  const [url, setUrl] = useState(currentUrl ?? 'https://');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const askText = !hasText && !currentUrl;

  const save = (e: React.FormEvent) => {
    // The dialog is portalled, but React events still bubble to an enclosing form: stop here.
    e.preventDefault();
    e.stopPropagation();
    const href = url.trim();
    if (!isHttpUrl(href)) {
      setError(LINK_URL_MESSAGE);
      return;
    }
    editor.update(() => {
      const sel = selection?.clone() ?? null;
      if (sel) $setSelection(sel);
      if (askText && $isRangeSelection(sel)) sel.insertNodes([$createLinkNode(href, LINK_ATTRIBUTES).append($createTextNode(text.trim() || href))]);
      else $toggleLink(href, LINK_ATTRIBUTES);
    });
    onClose();
  };

  const remove = () => {
    editor.update(() => {
      if (selection) $setSelection(selection.clone());
    });
    onRemove();
    onClose();
  };

  return (
    <form onSubmit={save} noValidate className="flex flex-col gap-4">
      <Field
        label="Link address"
        type="url"
        inputMode="url"
        autoFocus
        value={url}
        onChange={(e) => {
          setUrl(e.target.value);
          setError(undefined);
        }}
        error={error}
        placeholder="https://example.com"
      />
      {askText && <Field label="Text to display" value={text} onChange={(e) => setText(e.target.value)} placeholder="Leave empty to show the address" />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {currentUrl && (
          <Button variant="ghost" className="text-red-600 sm:mr-auto" onClick={remove}>
            Remove link
          </Button>
        )}
        <span className="hidden flex-1 sm:block" />
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit">{currentUrl ? 'Update link' : 'Insert link'}</Button>
      </div>
    </form>
  );
}
