import { AppError } from '@/lib/errors';
import { requestIdFrom } from '@/lib/log';
import { INVALID_JSON, readBodyCapped, readJsonCapped } from './body';
import { MAX_JSON_BYTES, errorResponse } from './route';

/**
 * The answer to a body that cannot be read, or null to let the request through. next-auth's route
 * handler reads a JSON POST with `req.json()` and lets a malformed one throw (a 500 with an empty
 * body); this answers it as every /api/v1.0 route does: 400 "Invalid JSON body". It reads a form
 * post whole with `req.text()`, however large (10 MB of password went on to the sign-in), so every
 * body is held to the API's size cap: 413 past it. A copy of the body is read, so next-auth still
 * gets the request whole.
 */
export async function refuseUnreadableJson(req: Request): Promise<Response | null> {
  if (req.method !== 'POST' || !req.body) return null;
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  if (!req.headers.get('content-type')?.includes('application/json')) {
    try {
      await readBodyCapped(req.clone(), MAX_JSON_BYTES);
      return null;
    } catch (error) {
      return errorResponse(error, requestId);
    }
  }
  try {
    await readJsonCapped(req.clone(), MAX_JSON_BYTES);
    return null;
  } catch (error) {
    return errorResponse(error instanceof AppError ? error : new AppError(400, INVALID_JSON), requestId);
  }
}
