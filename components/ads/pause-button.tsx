'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { api, errorMessage } from '@/lib/api/client';
import { useToast } from '@/components/ui/toast';

/** Pause an active ad or resume a paused one (PATCH status), then redraw the grid. */
export function PauseResumeButton({ id, name, status }: { id: number; name: string; status: string }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (status !== 'active' && status !== 'paused') return null;
  const next = status === 'active' ? 'paused' : 'active';
  const label = status === 'active' ? 'Pause' : 'Resume';
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`${label} ${name}`}
      onClick={async () => {
        setBusy(true);
        try {
          await api(`/ads/${id}`, { method: 'PATCH', body: { status: next } });
          toast.show('success', `${name} ${next === 'paused' ? 'paused' : 'resumed'}`);
          router.refresh();
        } catch (e) {
          toast.show('error', errorMessage(e));
        } finally {
          setBusy(false);
        }
      }}
      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
    >
      {label}
    </button>
  );
}
