import type { Metadata } from 'next';
import { CompanyPortalHeader } from '@/components/admin/company-portal-header';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `%s | Company Portal | ${config.productName}`, default: `Company Portal | ${config.productName}` } };

export default function CompanyLayout({ children }: { children: React.ReactNode }) {
  return (
    <PortalLayout portal="company">
      <CompanyPortalHeader />
      {children}
    </PortalLayout>
  );
}
