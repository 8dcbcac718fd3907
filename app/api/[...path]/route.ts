// Any /api path outside the routes (another API version, a path without one): the JSON 404
// envelope that says where the API is, never Next's HTML 404 page.
import { unknownEndpoint } from '@/lib/api/unknown-endpoint';
import { UNKNOWN_API_VERSION } from '@/lib/api/method-gate';

const answer = unknownEndpoint(UNKNOWN_API_VERSION);

export const GET = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
export const OPTIONS = answer;
