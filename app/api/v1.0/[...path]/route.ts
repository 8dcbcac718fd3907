// Any /api/v1.0 path no other route matches: the JSON 404 envelope, never Next's HTML page
import { route } from '@/lib/api/route';
import { UNKNOWN_ENDPOINT } from '@/lib/api/method-gate';
import { notFound } from '@/lib/errors';

const unknownEndpoint = route({
  access: 'public',
  handler: () => {
    throw notFound(UNKNOWN_ENDPOINT);
  },
});

export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
