'use client';

import { useQueryClient } from '@tanstack/react-query';
import { signOutLocally } from '@/lib/auth/client-session';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { SUPPORT_PHONE } from '@/lib/accounts/members-config';

export const CONFIRM_DELETE = 'Are you sure you want to delete your account?';

/**
 * The Delete Account page's content (spec §2): the Important Notice, the number to call to cancel
 * services, the button and the No / Yes confirmation. Yes deletes, signs out and lands on
 * /deleted-members; a failure is an error toast.
 */
export function DeleteAccountPanel() {
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    setDeleting(true);
    try {
      await api('/members/me', { method: 'DELETE' });
    } catch (error) {
      setDeleting(false);
      setOpen(false);
      toast.show('error', errorMessage(error));
      return;
    }
    queryClient.clear();
    // The API has already ended every session; this drops the cookie, then we leave without a round trip.
    await signOutLocally();
    router.replace('/deleted-members');
    router.refresh();
  };

  const tel = SUPPORT_PHONE.replace(/[^\d+]/g, '');
  return (
    <section aria-labelledby="delete-account-title" className="flex flex-col gap-5">
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" role="note">
        <div className="flex items-start gap-3">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden>
            <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z" />
          </svg>
          <div className="text-sm leading-relaxed">
            <p id="delete-account-title" className="font-semibold">Important Notice</p>
            <p className="mt-1">
              Deleting your account is permanent. Your profile, your sign-in and your personal details are erased, and you are signed out on every
              device. Records the law requires us to keep, such as invoices and payments, are kept without your personal details.
            </p>
            <p className="mt-2">
              Deleting your account does not cancel services you pay for. To cancel your services, call us at{' '}
              <a href={`tel:${tel}`} className="whitespace-nowrap font-semibold underline underline-offset-2">
                {SUPPORT_PHONE}
              </a>
              .
            </p>
          </div>
        </div>
      </div>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={CONFIRM_DELETE}
        description="You will be signed out and will not be able to sign in with this account again."
        confirmLabel="Yes"
        cancelLabel="No"
        tone="danger"
        loading={deleting}
        onConfirm={confirm}
      />
    </section>
  );
}
