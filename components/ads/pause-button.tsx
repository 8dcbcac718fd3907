'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { api, errorMessage } from '@/lib/api/client';
import { useToast } from '@/components/ui/toast';

/**
 * Pause an active ad or resume a paused one (PATCH status), then redraw the grid. Focus stays on the
 * button, now labelled the other way: it was disabled while saving, and a disabled button drops
 * focus to <body>, so it is only aria-disabled; it takes focus back if the redraw moved its row.
 */
export function PauseResumeButton({ id, name, status }: { id: number; name: string; status: string }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // The saved status until the redrawn grid brings it (the label changes at once, not a refresh later).
  const [saved, setSaved] = useState<{ from: string; to: string } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const keepFocus = useRef(false);
  const shown = saved && saved.from === status ? saved.to : status;

  useEffect(() => {
    if (!keepFocus.current || !button.current) return;
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost) button.current.focus();
    if (!busy && saved && status === saved.to) keepFocus.current = false;
  });

  if (shown !== 'active' && shown !== 'paused') return null;
  const next = shown === 'active' ? 'paused' : 'active';
  const label = shown === 'active' ? 'Pause' : 'Resume';
  return (
    <button
      ref={button}
      type="button"
      aria-disabled={busy || undefined}
      aria-label={`${label} ${name}`}
      onClick={async () => {
        if (busy) return;
        setBusy(true);
        keepFocus.current = document.activeElement === button.current;
        try {
          await api(`/ads/${id}`, { method: 'PATCH', body: { status: next } });
          setSaved({ from: status, to: next });
          toast.show('success', `${name} ${next === 'paused' ? 'paused' : 'resumed'}`);
          router.refresh();
        } catch (e) {
          keepFocus.current = false;
          toast.show('error', errorMessage(e));
        } finally {
          setBusy(false);
        }
      }}
      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 aria-disabled:opacity-50 max-xl:min-h-10 max-xl:px-3"
    >
      {label}
    </button>
  );
}
