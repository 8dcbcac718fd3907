'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import type { ShellNav } from './shell-nav';
import { NavBody, type ShellUser } from './side-nav';

/**
 * The phone's navigation drawer: the side nav's body in a modal (focus trapped, Escape closes, focus
 * returns to the menu button). Loaded the first time the menu button is used (portal-shell.tsx).
 */
export function NavDrawer({
  open,
  onOpenChange,
  returnFocusTo,
  user,
  nav,
  productName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button: it is not a Radix trigger (the drawer loads after it), so Radix cannot find it. */
  returnFocusTo: React.RefObject<HTMLElement | null>;
  user: ShellUser;
  nav: ShellNav;
  productName: string;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className="fixed inset-y-0 left-0 z-50 w-[min(18rem,85vw)] bg-slate-900 shadow-2xl focus:outline-none"
          onCloseAutoFocus={(e) => {
            // Without a trigger Radix left focus on <body>: a keyboard user started again from the top.
            if (!returnFocusTo.current) return;
            e.preventDefault();
            returnFocusTo.current.focus();
          }}
        >
          <RadixDialog.Title className="sr-only">Navigation</RadixDialog.Title>
          <RadixDialog.Description className="sr-only">Pages of the portal</RadixDialog.Description>
          <RadixDialog.Close aria-label="Close navigation" className="absolute right-3 top-4 z-10 rounded-lg p-1.5 text-slate-400 hover:bg-white/10 hover:text-white">
            {nav.icons.close}
          </RadixDialog.Close>
          <NavBody user={user} nav={nav} productName={productName} collapsed={false} onNavigate={() => onOpenChange(false)} />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
