// Any /api/v1.0 path no other route matches: the JSON 404 envelope, never Next's HTML page
import { unknownEndpoint } from '@/lib/api/unknown-endpoint';
import { UNKNOWN_ENDPOINT } from '@/lib/api/method-gate';

const answer = unknownEndpoint(UNKNOWN_ENDPOINT);

export const GET = answer;
export const POST = answer;
export const PUT = answer;
export const PATCH = answer;
export const DELETE = answer;
// Next would answer OPTIONS itself with 204 and every method, as if the address existed.
export const OPTIONS = answer;
