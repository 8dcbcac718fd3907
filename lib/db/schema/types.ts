import { customType } from 'drizzle-orm/pg-core';

/** Case-insensitive text (extension citext): emails compare and stay unique regardless of case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});
