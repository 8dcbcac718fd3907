'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { leaveToAdminPortal } from '@/components/admin/leave-impersonation';
import { logout } from './logout';

export const LOGOUT_QUESTION = 'Are you sure you want to Logout?';
export const LOGOUT_WHILE_IMPERSONATING =
  'You are acting as a company user. Log out signs you out of your admin account too; Back to Admin Portal ends only the impersonation.';
export const BACK_TO_ADMIN = 'Back to Admin Portal';

/**
 * The spec's logout confirmation (§2 Navigation). An admin impersonating a company user is offered
 * the way back to the Admin Portal beside it: Log out ends both sessions, which is rarely what they
 * meant (the impersonation bar's Leave does the same as Back to Admin Portal).
 */
export function LogoutDialog({ open, onOpenChange, impersonating = false }: { open: boolean; onOpenChange: (open: boolean) => void; impersonating?: boolean }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'logout' | 'leave' | null>(null);
  const signOut = async () => {
    setBusy('logout');
    await logout(queryClient);
  };
  if (!impersonating) {
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={LOGOUT_QUESTION}
        description="You will need to sign in again to use the portal."
        confirmLabel="Log out"
        cancelLabel="Cancel"
        tone="danger"
        loading={busy !== null}
        onConfirm={signOut}
      />
    );
  }
  const leave = async () => {
    setBusy('leave');
    await leaveToAdminPortal();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => busy === null && onOpenChange(next)}
      title={LOGOUT_QUESTION}
      description={LOGOUT_WHILE_IMPERSONATING}
      // Three actions: the small frame wrapped "Log out" onto two lines.
      size="md"
      footer={
        <>
          <Button variant="secondary" disabled={busy !== null} autoFocus onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="secondary" loading={busy === 'leave'} disabled={busy !== null} onClick={() => void leave()}>
            {BACK_TO_ADMIN}
          </Button>
          <Button variant="danger" loading={busy === 'logout'} disabled={busy !== null} onClick={() => void signOut()}>
            Log out
          </Button>
        </>
      }
    />
  );
}
