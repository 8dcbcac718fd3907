import type { Metadata } from 'next';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `%s | ADs Portal | ${config.productName}`, default: `ADs Portal | ${config.productName}` } };

export default function AdsLayout({ children }: { children: React.ReactNode }) {
  return <PortalLayout portal="ads">{children}</PortalLayout>;
}
