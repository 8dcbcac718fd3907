import type { Metadata } from 'next';
import { AdminList } from '@/components/admin/admin-list';

export const metadata: Metadata = { title: 'Admins' };

export default function AdminsPage() {
  return <AdminList />;
}
