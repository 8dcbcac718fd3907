'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';

/**
 * Withdraw one of the driver's applications (DELETE /members/applications/{id}), after a question
 * that says what it does: the company no longer sees the application or anything it wrote on it.
 */
export function WithdrawButton({ applicationId, jobTitle, companyName, jobOpen }: { applicationId: number; jobTitle: string; companyName: string; jobOpen: boolean }) {
  const router = useRouter();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [withdrawn, setWithdrawn] = useState(false);

  const withdraw = async () => {
    setBusy(true);
    try {
      await api(`/members/applications/${applicationId}`, { method: 'DELETE' });
      // The button goes at once (its row goes with the refresh): the closing dialog hands the focus to the page's <main>.
      setWithdrawn(true);
      setAsking(false);
      toast.show('success', `Your application to ${jobTitle} has been withdrawn.`);
      router.refresh();
    } catch (err) {
      toast.show('error', errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {!withdrawn && (
        <Button variant="ghost" onClick={() => setAsking(true)} aria-label={`Withdraw your application to ${jobTitle}`}>
          Withdraw
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Withdraw this application?"
        description={`${companyName} will no longer see your application to ${jobTitle}, or anything they noted on it.${jobOpen ? ' You can apply again while the job is open.' : ''}`}
        confirmLabel="Withdraw"
        cancelLabel="Keep it"
        tone="danger"
        loading={busy}
        onConfirm={withdraw}
        focusAfterOpenerGone={() => document.getElementById('main')}
      />
    </>
  );
}
