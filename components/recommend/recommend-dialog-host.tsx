'use client';

import dynamic from 'next/dynamic';
import { useEffect, useId, useState } from 'react';
import { RECOMMEND_EVENT } from '@/components/shell/side-nav';

// The dialog (its form, schema and validation) loads on first open, not with every portal page.
const RecommendDialog = dynamic(() => import('./recommend-dialog').then((m) => m.RecommendDialog), { ssr: false });

// Mounted hosts, most recent last: only the newest one answers, so a page may mount its own host
// while its layout has one too, without two dialogs opening.
const hosts: string[] = [];

/** Opens the recommend dialog whenever something dispatches the window event 'tna:recommend'. */
export function RecommendDialogHost() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    hosts.push(id);
    const show = () => {
      if (hosts[hosts.length - 1] !== id) return;
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener(RECOMMEND_EVENT, show);
    return () => {
      hosts.splice(hosts.lastIndexOf(id), 1);
      window.removeEventListener(RECOMMEND_EVENT, show);
    };
  }, [id]);
  return used ? <RecommendDialog open={open} onOpenChange={setOpen} /> : null;
}

/** A button that opens the dialog from page content (the nav has its own Recommend item). */
export function RecommendButton({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <button type="button" className={className} onClick={() => window.dispatchEvent(new CustomEvent(RECOMMEND_EVENT))}>
      {children}
    </button>
  );
}
