import { PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from './social-config';

/**
 * What the login screen says when it is sent back from a social sign-in (`?error=…&provider=…`).
 * Fixed sentences per code: nothing from the address is shown as text.
 */
export function signInErrorMessage(code: string | undefined, provider: string | undefined): string | null {
  if (!code) return null;
  const name = SOCIAL_PROVIDERS.includes(provider as SocialProvider) ? PROVIDER_NAMES[provider as SocialProvider] : 'that provider';
  switch (code) {
    case 'SocialLink':
      return `An account with this email already exists. Sign in with your password once to link ${name}; after that ${name} signs you in.`;
    case 'SocialNoEmail':
      return `${name} did not share an email address. Sign up with your email instead.`;
    case 'SocialOff':
      return 'Social sign-in is turned off. Use your email and password.';
    default:
      return `Sign-in with ${name} did not work. Please try again or use your email and password.`;
  }
}
