'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { useRef } from 'react';
import { CloseIcon } from './close-icon';
import { useReturnFocus } from './use-return-focus';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  /** Buttons row at the bottom. */
  footer?: React.ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** false: no close button, Escape and outside clicks do nothing (a choice must be made). */
  dismissible?: boolean;
  className?: string;
  /**
   * Rendered where it stands instead of in a portal, so a dialog the server knows is open is in
   * the first HTML and paints with the page (a portal only mounts after hydration).
   */
  inline?: boolean;
  /** Where the focus goes on close when what opened the dialog is gone (a confirmation that removed its own row). */
  focusAfterOpenerGone?: () => HTMLElement | null;
};

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' };

const FIELDS = 'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/**
 * Where the focus goes when a dialog opens and nothing in it took it (an `autoFocus` control keeps
 * it): its first field, else its heading. Radix's own choice was the first tabbable element, the
 * close button in the corner, which read nothing useful and left a form a Tab away.
 */
export function initialFocus(content: HTMLElement | null, heading: HTMLElement | null) {
  const field = content?.querySelector<HTMLElement>(FIELDS);
  (field ?? heading)?.focus();
}

/**
 * The modal itself (Radix): focus trapped, labelled by its title, Escape closes it. Loaded by
 * Dialog (dialog.tsx) the first time a dialog opens, so pages do not ship it up front (issue 16).
 */
export function DialogFrame({ open, onOpenChange, title, description, children, footer, size = 'md', dismissible = true, className, inline = false, focusAfterOpenerGone }: DialogProps) {
  const block = (e: Event) => {
    if (!dismissible) e.preventDefault();
  };
  const returnFocus = useReturnFocus(open, focusAfterOpenerGone);
  const content = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const openFocus = (e: Event) => {
    e.preventDefault();
    initialFocus(content.current, heading.current);
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <MaybePortal inline={inline}>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50 backdrop-blur-[2px]" />
        <RadixDialog.Content
          ref={content}
          onOpenAutoFocus={openFocus}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          onCloseAutoFocus={returnFocus}
          className={clsx(
            'fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 focus:outline-none',
            SIZES[size],
            className,
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">{title}</RadixDialog.Title>
            {dismissible && (
              <RadixDialog.Close aria-label="Close" className="-m-1 rounded-md p-1 text-slate-400 transition hover:bg-slate-100 hover:text-slate-600">
                <CloseIcon />
              </RadixDialog.Close>
            )}
          </div>
          {description ? (
            <RadixDialog.Description asChild>
              <div className="mt-2 text-sm text-slate-600">{description}</div>
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>}
        </RadixDialog.Content>
      </MaybePortal>
    </RadixDialog.Root>
  );
}

function MaybePortal({ inline, children }: { inline: boolean; children: React.ReactNode }) {
  return inline ? <>{children}</> : <RadixDialog.Portal>{children}</RadixDialog.Portal>;
}

