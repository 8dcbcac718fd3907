import { AuthFrame } from '@/components/shell/auth-frame';
import { config } from '@/lib/config';
import pkg from '@/package.json';

/** The outcome pages of an email verification link, in the frame of the account screens. */
export default function EmailValidationLayout({ children }: { children: React.ReactNode }) {
  return (
    <AuthFrame productName={config.productName} version={pkg.version}>
      {children}
    </AuthFrame>
  );
}
