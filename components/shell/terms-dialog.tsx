'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PRIVACY_URL, TERMS_URL, readTermsChoice, storeTermsChoice } from './terms';

export const TERMS_TITLE = 'Please check our terms and conditions';

/** Shown on the first visit (no termsAccepted cookie); Accept or Decline is remembered for 365 days. */
export function TermsDialog({ onChoice }: { onChoice?: (accepted: boolean) => void }) {
  const [open, setOpen] = useState(false);
  // The cookie is only readable in the browser, after hydration.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setOpen(readTermsChoice() === null), []);

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
