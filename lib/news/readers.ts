import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { newsChannels, newsPostViews, newsPosts, users } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { htmlPlainText } from '@/lib/jobs/rich-text';
import { excerptOfText, excerptSource, excerptsOf } from './excerpt';

/** A post readers may see: POSTED, in an active channel. */
const published = and(eq(newsPosts.status, 'POSTED'), eq(newsChannels.isActive, true));

const readerColumns = {
  id: newsPosts.id,
  title: newsPosts.title,
  thumbnail: newsPosts.thumbnail,
  thumbnailSmall: newsPosts.thumbnailSmall,
  publishedAt: newsPosts.publishedAt,
  updatedAt: newsPosts.updatedAt,
  views: newsPosts.views,
  channelName: newsChannels.name,
  firstName: users.firstName,
  lastName: users.lastName,
};

export type ReaderPost = {
  id: number;
  title: string;
  body_html: string;
  excerpt: string;
  thumbnail: string | null;
  thumbnail_small: string | null;
  published_at: string | null;
  updated_at: string;
  views: number;
  channel: string;
  author: string | null;
};

type ReaderRow = { id: number; title: string; thumbnail: string | null; thumbnailSmall: string | null; publishedAt: Date | null; updatedAt: Date; views: number; channelName: string; firstName: string | null; lastName: string | null };

/**
 * A post as readers get it. The excerpt is the text of the sanitized HTML readers see (the same
 * as of the Lexical state it was rendered from), so the list and the page answer the same one.
 */
function readerView(r: ReaderRow, bodyHtml: string, excerpt: string): ReaderPost {
  return {
    id: r.id,
    title: r.title,
    body_html: bodyHtml,
    excerpt,
    thumbnail: r.thumbnail,
    thumbnail_small: r.thumbnailSmall,
    published_at: r.publishedAt?.toISOString() ?? null,
    updated_at: r.updatedAt.toISOString(),
    views: r.views,
    channel: r.channelName,
    author: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
  };
}

/**
 * Published posts, newest first (the Drivers Portal's News section and the sitemap). Without their
 * bodies: the excerpt is made from the start of the HTML (lib/news/excerpt.ts).
 */
export async function listPublishedPosts(db: Database, page: { offset: number; limit: number }) {
  const [rows, counted] = await Promise.all([
    db
      .select({ ...readerColumns, excerptSource })
      .from(newsPosts)
      .innerJoin(newsChannels, eq(newsChannels.id, newsPosts.channelId))
      .leftJoin(users, eq(users.id, newsPosts.userId))
      .where(published)
      .orderBy(desc(newsPosts.publishedAt), desc(newsPosts.id))
      .offset(page.offset)
      .limit(page.limit),
    countUpTo(db, db.select({ one: sql`1` }).from(newsPosts).innerJoin(newsChannels, eq(newsChannels.id, newsPosts.channelId)).where(published), page),
  ]);
  const excerpts = await excerptsOf(db, rows);
  return { items: rows.map((r) => readerView(r, '', excerpts.get(r.id) ?? '')), pagination: { ...page, ...counted } };
}

/** One published post, or null (public pages answer 404 for anything else). */
export async function publishedPost(db: Database, id: number): Promise<ReaderPost | null> {
  const [row] = await db
    .select({ ...readerColumns, bodyHtml: newsPosts.bodyHtml })
    .from(newsPosts)
    .innerJoin(newsChannels, eq(newsChannels.id, newsPosts.channelId))
    .leftJoin(users, eq(users.id, newsPosts.userId))
    .where(and(eq(newsPosts.id, id), published));
  return row ? readerView(row, row.bodyHtml, excerptOfText(htmlPlainText(row.bodyHtml))) : null;
}

/**
 * A reader opens a published post: the view counts once per reader per day (UTC), in one
 * statement pair inside a transaction so two tabs do not count twice.
 */
export async function readPublishedPost(db: Database, actor: Actor, id: number, now = new Date()) {
  const post = await publishedPost(db, id);
  if (!post) throw notFound('Post not found.');
  const day = now.toISOString().slice(0, 10);
  const counted = await db.transaction(async (tx) => {
    const inserted = await tx.insert(newsPostViews).values({ postId: id, userId: actor.userId, day }).onConflictDoNothing().returning({ postId: newsPostViews.postId });
    if (!inserted.length) return false;
    await tx.update(newsPosts).set({ views: sql`${newsPosts.views} + 1` }).where(eq(newsPosts.id, id));
    return true;
  });
  return { ...post, views: post.views + (counted ? 1 : 0) };
}

/** Every published post's id and last change, for the sitemap (newest first, bounded). */
export async function publishedForSitemap(db: Database, limit = 5000) {
  return db
    .select({ id: newsPosts.id, updatedAt: newsPosts.updatedAt })
    .from(newsPosts)
    .innerJoin(newsChannels, eq(newsChannels.id, newsPosts.channelId))
    .where(published)
    .orderBy(desc(newsPosts.publishedAt))
    .limit(limit);
}
