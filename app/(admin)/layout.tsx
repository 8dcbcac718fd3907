import type { Metadata } from 'next';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `Admin | %s`, default: `Admin | ${config.productName}` } };

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return <PortalLayout portal="admin">{children}</PortalLayout>;
}
