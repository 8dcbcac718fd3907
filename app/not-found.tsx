import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorScreen } from '@/components/shell/error-screen';

export const metadata: Metadata = { title: 'Page not found' };

export default function NotFound() {
  return (
    <ErrorScreen status={404} title="Page not found" message="The page you are looking for does not exist or has moved.">
      <Link href="/" className="rounded-lg bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700">
        Go to the start page
      </Link>
    </ErrorScreen>
  );
}
