import { route } from './route';
import { notFound } from '@/lib/errors';

/** The catch-all routes' handler: 404 in the API's envelope, for every method. */
export const unknownEndpoint = (message: string) =>
  route({
    access: 'public',
    handler: () => {
      throw notFound(message);
    },
  });
