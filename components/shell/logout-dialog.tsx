'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/dialog';
import { logout } from './logout';

export const LOGOUT_QUESTION = 'Are you sure you want to Logout?';

/** The spec's logout confirmation (§2 Navigation). */
export function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={LOGOUT_QUESTION}
      description="You will need to sign in again to use the portal."
      confirmLabel="Log out"
      cancelLabel="Cancel"
      tone="danger"
      loading={busy}
      onConfirm={async () => {
        setBusy(true);
        await logout(queryClient);
      }}
    />
  );
}
