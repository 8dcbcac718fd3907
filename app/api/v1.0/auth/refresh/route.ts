// POST /api/v1.0/auth/refresh: rotates the refresh token sent as bearer
import { route } from '@/lib/api/route';
import { AppError } from '@/lib/errors';
import { refreshSession } from '@/lib/auth/sessions';

export const POST = route({
  access: 'public',
  rawBody: true,
  handler: async ({ db, req }) => {
    const header = req.headers.get('authorization') ?? '';
    const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new AppError(401, 'Refresh token missing.');
    const { accessToken, refreshToken, accessTokenExpiresAt } = await refreshSession(db, token);
    return { accessToken, refreshToken, accessTokenExpiresAt };
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
