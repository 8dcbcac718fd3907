import { AppError } from '@/lib/errors';
import { requestIdFrom } from '@/lib/log';
import { INVALID_JSON, readJsonCapped } from './body';
import { MAX_JSON_BYTES, errorResponse } from './route';

/**
 * The answer to a JSON body that cannot be read, or null to let the request through. next-auth's
 * route handler reads a JSON POST with `req.json()` and lets a malformed one throw (a 500 with an
 * empty body); this answers it as every /api/v1.0 route does: 400 "Invalid JSON body", and 413
 * past the same size cap. A copy of the body is read, so next-auth still gets the request whole.
 */
export async function refuseUnreadableJson(req: Request): Promise<Response | null> {
  if (req.method !== 'POST' || !req.body || !req.headers.get('content-type')?.includes('application/json')) return null;
  const requestId = requestIdFrom(req.headers.get('x-request-id'));
  try {
    await readJsonCapped(req.clone(), MAX_JSON_BYTES);
    return null;
  } catch (error) {
    return errorResponse(error instanceof AppError ? error : new AppError(400, INVALID_JSON), requestId);
  }
}
