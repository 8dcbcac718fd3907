import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import './globals.css';
import { Providers } from '@/components/providers';

export const metadata: Metadata = {
  title: { default: 'TNA Portal', template: '%s | TNA Portal' },
  description: 'The trucking jobs network: post CDL driver jobs, review applicants and matched candidates.',
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page carries its request's CSP nonce (proxy.ts), so none may be prerendered once for all.
  await connection();
  return (
    <html lang="en">
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
