// GET /api/v1.0/account/picture: the caller's profile picture; PUT: upload one (multipart "picture"); DELETE: remove it
import { route } from '@/lib/api/route';
import { pictureFromRequest, pictureImage, removePicture, uploadPicture } from '@/lib/accounts/preferences';

export const GET = route({
  access: 'authenticated',
  handler: ({ db, actor }) => pictureImage(db, actor!),
});

export const PUT = route({
  access: 'authenticated',
  rawBody: true,
  handler: async ({ db, actor, req }) => uploadPicture(db, actor!, await pictureFromRequest(req)),
});

export const DELETE = route({
  access: 'authenticated',
  rawBody: true,
  handler: ({ db, actor }) => removePicture(db, actor!),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';
