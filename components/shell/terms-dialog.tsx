'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PRIVACY_URL, TERMS_URL, readTermsChoice, storeTermsChoice } from './terms';

export const TERMS_TITLE = 'Please check our terms and conditions';

/**
 * Shown on the first visit (no termsAccepted cookie); Accept or Decline is remembered for 365 days.
 * A server page that read the cookie passes `serverOpen`: the dialog is then in the first HTML and
 * paints with the page, rather than appearing after hydration as the page's largest, latest paint.
 */
export function TermsDialog({ onChoice, serverOpen }: { onChoice?: (accepted: boolean) => void; serverOpen?: boolean }) {
  const [open, setOpen] = useState(serverOpen ?? false);
  useEffect(() => {
    // Without the server's word, the cookie is read in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (serverOpen === undefined) setOpen(readTermsChoice() === null);
  }, [serverOpen]);

  const choose = (accepted: boolean) => {
    storeTermsChoice(accepted);
    setOpen(false);
    onChoice?.(accepted);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      dismissible={false}
      inline={serverOpen !== undefined}
      title={TERMS_TITLE}
      description="Before you sign in, please read the documents that govern the use of the portal."
      footer={
        <>
          <Button variant="secondary" onClick={() => choose(false)}>
            Decline
          </Button>
          <Button onClick={() => choose(true)}>Accept</Button>
        </>
      }
    >
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          <a href={TERMS_URL} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-600 underline-offset-2 hover:underline">
            Customer Terms of Service
          </a>
        </li>
        <li>
          <a href={PRIVACY_URL} target="_blank" rel="noopener noreferrer" className="font-medium text-brand-600 underline-offset-2 hover:underline">
            Privacy Policy
          </a>
        </li>
      </ul>
    </Dialog>
  );
}
