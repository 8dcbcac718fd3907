'use client';

import dynamic from 'next/dynamic';
import { useOpened } from '@/components/ui/use-opened';
import type { SlideOverFrame as Frame } from './slide-over-frame';

// The dialog library loads when the panel first opens, not with the list (issue 16: first-load JS).
// `loading`: a Suspense boundary of its own, so the first open does not hide the page (see ui/dialog.tsx).
const SlideOverFrame = dynamic(() => import('./slide-over-frame').then((m) => m.SlideOverFrame), { loading: () => null });

/** A panel sliding in from the right: a modal, focus trapped, Escape closes it (slide-over-frame.tsx). */
export function SlideOver(props: Parameters<typeof Frame>[0]) {
  return useOpened(props.open) ? <SlideOverFrame {...props} /> : null;
}
