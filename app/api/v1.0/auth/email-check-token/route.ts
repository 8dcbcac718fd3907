// GET /api/v1.0/auth/email-check-token: a signed token, valid 5 seconds, that authorises one sign-up email check
import { route } from '@/lib/api/route';
import { issueEmailCheckToken } from '@/lib/accounts/signup';

export const GET = route({
  access: 'public',
  handler: ({ ip }) => issueEmailCheckToken(ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
