import { clsx } from 'clsx';

/** The truck of the product mark (also the nav's 'truck' icon). */
export const TRUCK = [
  'M8.25 18.75a1.5 1.5 0 0 1-3 0m3 0a1.5 1.5 0 0 0-3 0m3 0h6m-9 0H3.375a1.125 1.125 0 0 1-1.125-1.125V14.25m17.25 4.5a1.5 1.5 0 0 1-3 0m3 0a1.5 1.5 0 0 0-3 0m3 0h1.125c.621 0 1.129-.504 1.09-1.124a17.902 17.902 0 0 0-3.213-9.193 2.056 2.056 0 0 0-1.58-.86H14.25M16.5 18.75h-2.25m0-11.177v-.958c0-.568-.422-1.048-.987-1.106a48.554 48.554 0 0 0-10.026 0 1.106 1.106 0 0 0-.987 1.106v7.635m12-6.677v6.677m0 4.5v-4.5m0 0h-12',
];

/**
 * The product mark: a truck in a rounded brand tile. Its own module, without the navigation's icon
 * set, because the error screens (in every page's first load) show it too.
 */
export function BrandMark({ className }: { className?: string }) {
  return (
    <span className={clsx('inline-flex size-9 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-500 to-brand-700 text-white shadow-sm', className)}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinecap="round" strokeLinejoin="round" className="size-5 shrink-0" aria-hidden>
        {TRUCK.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
