import { boolean, date, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './types';
import { users } from './accounts';


/** A news channel (jobs spec §3 Channel). Deactivated, never deleted: its posts keep their home. */
export const newsChannels = pgTable(
  'news_channels',
  {
    id: serial().primaryKey(),
    channelType: text('channel_type').notNull(),
    name: text().notNull(),
    description: text(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // The channel search's sorts (lib/news/channels.ts): column, then id in the same direction.
  (t) => [index('news_channels_created_idx').on(t.createdAt, t.id), index('news_channels_name_idx').on(t.name, t.id), index('news_channels_type_idx').on(t.channelType, t.id)],
);

/**
 * A post (jobs spec §3 Post). status is POSTED, SCHEDULED, Cancelled or Inactive (the default);
 * the scheduled tick turns a SCHEDULED post whose scheduled_at has come into POSTED. Body is
 * the Lexical state plus the sanitized HTML rendered from it on the server.
 */
export const newsPosts = pgTable(
  'news_posts',
  {
    id: serial().primaryKey(),
    channelId: integer('channel_id')
      .notNull()
      .references(() => newsChannels.id),
    title: text().notNull(),
    body: jsonb(),
    bodyHtml: text('body_html').notNull().default(''),
    status: text().notNull().default('Inactive'),
    isActive: boolean('is_active').notNull().default(false),
    scheduledAt: ts('scheduled_at'),
    publishedAt: ts('published_at'),
    /** Addresses of the full-resolution and small thumbnails (made with sharp, lib/news/images.ts). */
    thumbnail: text(),
    thumbnailSmall: text('thumbnail_small'),
    /** The thumbnail was chosen (`thumbnail` sent), not made from the body's first image: body edits keep it. */
    thumbnailChosen: boolean('thumbnail_chosen').notNull().default(false),
    views: integer().notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A channel's posts and the readers' list, newest first (ties by id).
    index('news_posts_channel_idx').on(t.channelId, t.createdAt, t.id),
    index('news_posts_published_idx').on(t.status, t.publishedAt, t.id),
    index('news_posts_due_idx').on(t.status, t.scheduledAt),
    index('news_posts_user_idx').on(t.userId),
  ],
);

/** One view per reader per day (the views counter counts these). */
export const newsPostViews = pgTable(
  'news_post_views',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => newsPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId, t.day] })],
);

/** A named set of uploaded images a writer can reuse (spec §7 albums). */
export const newsAlbums = pgTable(
  'news_albums',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** Image addresses returned by the channel upload-image call. */
    images: jsonb().$type<string[]>().notNull().default([]),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // A writer's own albums and a news admin's all albums, newest first (ties by id: lib/news/albums.ts).
  (t) => [index('news_albums_user_idx').on(t.userId, t.createdAt, t.id), index('news_albums_created_idx').on(t.createdAt, t.id)],
);
