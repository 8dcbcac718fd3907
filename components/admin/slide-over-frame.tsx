'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { CloseIcon } from '@/components/ui/close-icon';
import { useReturnFocus } from '@/components/ui/use-return-focus';

/**
 * A panel sliding in from the right (Radix dialog: focus trapped, Escape closes, labelled by its
 * title); loaded by SlideOver (slide-over.tsx) when it first opens.
 */
export function SlideOverFrame({ open, onOpenChange, title, description, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description?: string; children: React.ReactNode }) {
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content onCloseAutoFocus={returnFocus} className="fixed inset-y-0 right-0 z-40 flex w-full max-w-5xl flex-col bg-white shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              <RadixDialog.Description className={description ? 'text-sm text-slate-500' : 'sr-only'}>{description ?? title}</RadixDialog.Description>
            </div>
            <RadixDialog.Close aria-label="Close" className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <div className="flex-1 overflow-auto px-6 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
