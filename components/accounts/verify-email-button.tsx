'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';

/** Asks for a (new) verification link for the signed-in user. */
export function VerifyEmailButton() {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(false);
  const send = async () => {
    setPending(true);
    try {
      const res = await api<{ sent: boolean; message: string }>('/auth/verify-email/send', { method: 'POST' });
      toast.show(res.data.sent ? 'success' : 'info', res.data.message);
      setSent(true);
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" loading={pending} onClick={send} className="px-3 py-1.5 text-xs">
      {sent ? 'Send the link again' : 'Send verification link'}
    </Button>
  );
}
