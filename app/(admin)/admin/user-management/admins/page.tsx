import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Admins' };

export default function AdminsPage() {
  return (
    <EmptyState title="The admin list is not available yet">
      Administrators of the portal will be listed here, and new admins can be created from this page.
    </EmptyState>
  );
}
