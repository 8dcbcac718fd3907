'use client';

import { useCallback, useEffect, useReducer } from 'react';

/** Spec §4 and §9: collapse under 768 px, expand at or above, unless the user toggled it. */
export const COLLAPSE_QUERY = '(max-width: 767.98px)';
const STORAGE_KEY = 'tna.nav';

export type NavState = { collapsed: boolean; manualOverride: boolean };
export type NavAction = { type: 'viewport'; narrow: boolean } | { type: 'toggle' } | { type: 'restore'; state: NavState };

export function navReducer(state: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'viewport':
      if (state.manualOverride || state.collapsed === action.narrow) return state;
      return { ...state, collapsed: action.narrow };
    case 'toggle':
      return { collapsed: !state.collapsed, manualOverride: true };
    case 'restore':
      return action.state;
  }
}

function readStored(): NavState | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<NavState>;
    return v.manualOverride ? { collapsed: !!v.collapsed, manualOverride: true } : null;
  } catch {
    return null;
  }
}

/**
 * The side nav's collapsed state. A manual toggle is remembered (across portals and reloads) and
 * wins over the window width from then on.
 */
export function useNavCollapse() {
  const [state, dispatch] = useReducer(navReducer, { collapsed: false, manualOverride: false });

  useEffect(() => {
    const stored = readStored();
    if (stored) dispatch({ type: 'restore', state: stored });
    const mq = window.matchMedia(COLLAPSE_QUERY);
    dispatch({ type: 'viewport', narrow: mq.matches });
    const onChange = (e: MediaQueryListEvent) => dispatch({ type: 'viewport', narrow: e.matches });
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!state.manualOverride) return;
    try {
      window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [state]);

  const toggle = useCallback(() => dispatch({ type: 'toggle' }), []);
  return { ...state, toggle };
}
