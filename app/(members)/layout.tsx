import type { Metadata } from 'next';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `%s | Drivers Portal | ${config.productName}`, default: `Drivers Portal | ${config.productName}` } };

export default function MembersLayout({ children }: { children: React.ReactNode }) {
  return <PortalLayout portal="members">{children}</PortalLayout>;
}
