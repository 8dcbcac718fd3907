import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Case-insensitive text (extension citext): emails compare and stay unique regardless of case. */
export const citext = customType<{ data: string }>({
  dataType() {
    return 'citext';
  },
});

/** A timestamp with time zone, read as a Date: every table's times use it. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
