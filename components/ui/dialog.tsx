'use client';

import dynamic from 'next/dynamic';
import { Button } from './button';
import { useOpened } from './use-opened';
import type { DialogProps } from './dialog-frame';

// The dialog library loads when a dialog first opens (or with the page when the server renders one
// open), not with every page that might show one (issue 16: first-load JS).
// `loading` gives the frame a Suspense boundary of its own: without one, the first open suspended up
// to the page's nearest boundary, which hid the page under the dialog while its code loaded (and
// with it the focused opener, so the focus was not returned on close).
const DialogFrame = dynamic(() => import('./dialog-frame').then((m) => m.DialogFrame), { loading: () => null });
// A dialog the server renders open (`inline`) has no boundary of its own, so it is in the page's
// HTML as the page is, never streamed in after it.
const ServerOpenDialogFrame = dynamic(() => import('./dialog-frame').then((m) => m.DialogFrame));

/** An accessible modal dialog: focus trapped, labelled by its title, Escape closes it (dialog-frame.tsx). */
export function Dialog(props: DialogProps) {
  const Frame = props.inline ? ServerOpenDialogFrame : DialogFrame;
  return useOpened(props.open) ? <Frame {...props} /> : null;
}

type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void | Promise<void>;
  /** Shows a spinner on the confirm button and disables both buttons. */
  loading?: boolean;
  tone?: 'primary' | 'danger';
  focusAfterOpenerGone?: DialogProps['focusAfterOpenerGone'];
};

/** A yes/no question. The cancel button takes the initial focus so Enter never confirms by accident. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Yes',
  cancelLabel = 'No',
  onConfirm,
  loading,
  tone = 'primary',
  focusAfterOpenerGone,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !loading && onOpenChange(next)}
      title={title}
      description={description}
      size="sm"
      focusAfterOpenerGone={focusAfterOpenerGone}
      footer={
        <>
          <Button variant="secondary" disabled={loading} autoFocus onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={tone} loading={loading} onClick={() => void onConfirm()}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
