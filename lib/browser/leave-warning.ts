'use client';

import { useEffect } from 'react';

/**
 * While `unsaved` holds, closing or reloading the tab, or leaving for another site, asks first (the
 * browser's own "Leave site?" prompt). Links inside the app are client-side moves that the browser
 * does not ask about; the forms that use this keep their Cancel and back links, which leave on
 * purpose.
 */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older Chromium and Safari ask only when returnValue is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}
