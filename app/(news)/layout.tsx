import type { Metadata } from 'next';
import { PortalLayout } from '@/components/shell/portal-layout';
import { config } from '@/lib/config';

export const metadata: Metadata = { title: { template: `%s | News Portal | ${config.productName}`, default: `News Portal | ${config.productName}` } };

export default function NewsLayout({ children }: { children: React.ReactNode }) {
  return <PortalLayout portal="news">{children}</PortalLayout>;
}
