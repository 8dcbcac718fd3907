'use client';

import { hardNavigate } from '@/components/shell/navigate';
import { ADMIN_HOME, LEAVE_IMPERSONATION } from '@/lib/auth/impersonation-gate';
import { leaveImpersonation } from '@/lib/auth/impersonation-client';

/** Ends the impersonation and loads the Admin Portal with the admin's own session (the bar's Leave, the logout dialog's way back). */
export async function leaveToAdminPortal() {
  try {
    hardNavigate((await leaveImpersonation()).redirect);
  } catch {
    // The cookie may already be gone: the restore route sends the admin home either way.
    hardNavigate(`${LEAVE_IMPERSONATION}?next=${encodeURIComponent(ADMIN_HOME)}`);
  }
}
