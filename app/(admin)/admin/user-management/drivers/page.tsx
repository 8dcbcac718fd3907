import type { Metadata } from 'next';
import { DriverList } from '@/components/admin/driver-list';

export const metadata: Metadata = { title: 'Driver List' };

export default function DriversPage() {
  return <DriverList />;
}
