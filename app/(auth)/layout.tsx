import { AuthFrame } from '@/components/shell/auth-frame';
import { config } from '@/lib/config';
import pkg from '@/package.json';

export default function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <AuthFrame productName={config.productName} version={pkg.version}>
      {children}
    </AuthFrame>
  );
}
