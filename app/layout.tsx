import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import './globals.css';
import { Providers } from '@/components/providers';
import { PreviewRibbon } from '@/components/shell/preview-ribbon';
import { isPreviewDeployment } from '@/lib/config';

export function generateMetadata(): Metadata {
  return {
    title: { default: 'TNA Portal', template: '%s | TNA Portal' },
    description: 'The trucking jobs network: post CDL driver jobs, review applicants and matched candidates.',
    // Read per request: a Vercel preview is never indexed (docs/deploy.md).
    ...(isPreviewDeployment() ? { robots: { index: false, follow: false } } : {}),
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page carries its request's CSP nonce (proxy.ts), so none may be prerendered once for all.
  await connection();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
        {isPreviewDeployment() && <PreviewRibbon />}
      </body>
    </html>
  );
}
