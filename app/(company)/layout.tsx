import type { Metadata } from 'next';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `%s | Company Portal | ${config.productName}`, default: `Company Portal | ${config.productName}` } };

export default function CompanyLayout({ children }: { children: React.ReactNode }) {
  return <PortalLayout portal="company">{children}</PortalLayout>;
}
