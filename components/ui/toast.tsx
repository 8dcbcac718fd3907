'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clsx } from 'clsx';
import { SESSION_EXPIRED } from '@/lib/auth/messages';

export type ToastType = 'success' | 'error' | 'warning' | 'info';
type Toast = { id: number; type: ToastType; title?: string; message: string };

const TOAST_TIMEOUT_MS = 5000;
/** At most this many at once, the oldest giving way: a column of them covered the login form. */
const MAX_TOASTS = 3;
const OUTCOMES = new Set<ToastType>(['success', 'error']);

const ToastContext = createContext<{ show: (type: ToastType, message: string, title?: string) => void } | null>(null);

/** Toasts of the four spec types; each closes itself after a time-out or by its close button. */
export function ToastProvider({ children }: { children: React.ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const dismiss = useCallback((id: number) => setToasts((t) => t.filter((x) => x.id !== id)), []);
  const show = useCallback((type: ToastType, message: string, title?: string) => {
    const id = Date.now() + Math.random();
    // The same words again (a sign-in refused ten times in a row) replace the one on screen, whose
    // time starts over, rather than stacking copies of it.
    const same = (x: Toast) => x.type === type && x.message === message && x.title === title;
    // An outcome replaces the opposite one still on screen: "Saved" beside a later save's failure
    // (or an old error beside a later success) says two things at once about the same form.
    const contradicted = (x: Toast) => OUTCOMES.has(type) && OUTCOMES.has(x.type) && x.type !== type;
    setToasts((t) => [...t.filter((x) => !same(x) && !contradicted(x)), { id, type, message, title }].slice(-MAX_TOASTS));
  }, []);
  const value = useMemo(() => ({ show }), [show]);

  useEffect(() => {
    // The spec's expired-session warning: the fetch layer sets the flag before sending the user to login.
    if (typeof window !== 'undefined' && window.sessionStorage.getItem('unauthorized') === '1') {
      window.sessionStorage.removeItem('unauthorized');
      // After this render, not inside it: the toast list is state of this same component.
      const t = setTimeout(() => show('warning', SESSION_EXPIRED), 0);
      return () => clearTimeout(t);
    }
  }, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {/* Top centre, clear of the page header's actions on the right (Create New Job) and, on phones, below the top bar. */}
      <div aria-live="polite" className="pointer-events-none fixed inset-x-0 top-16 z-[100] flex flex-col items-center gap-2 px-4 min-[500px]:top-4">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const STYLES: Record<ToastType, string> = {
  success: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  error: 'border-red-300 bg-red-50 text-red-900',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-sky-300 bg-sky-50 text-sky-900',
};

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  // Timed from when this toast appeared: a new closure per render of the list restarted the timer
  // whenever another toast came, so busy toasts never left.
  useEffect(() => {
    const t = setTimeout(() => onClose(toast.id), TOAST_TIMEOUT_MS);
    return () => clearTimeout(t);
  }, [onClose, toast.id]);
  return (
    <div role={toast.type === 'error' ? 'alert' : 'status'} data-toast={toast.type} className={clsx('pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-3 shadow-md', STYLES[toast.type])}>
      <div className="flex-1 text-sm">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        <p>{toast.message}</p>
      </div>
      <button type="button" onClick={() => onClose(toast.id)} aria-label="Close notification" className="rounded px-1 text-lg leading-none opacity-70 hover:opacity-100">
        ×
      </button>
    </div>
  );
}

export function useToast() {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside ToastProvider');
  return ctx;
}
