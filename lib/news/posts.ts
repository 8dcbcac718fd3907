import { and, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { assertVersion, atVersion, staleEditError } from '@/lib/api/if-match';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit, recordEdit } from '@/lib/audit';
import { changedFields } from '@/lib/audit/changed-fields';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { newsChannels, newsPosts, users } from '@/lib/db/schema';
import { notFound, unprocessable } from '@/lib/errors';
import { lexicalPlainText } from '@/lib/jobs/rich-text';
import { renderRichText, type TooDeep } from '@/lib/jobs/sanitize';
import { cleanLexicalState } from '@/lib/jobs/lexical-clean';
import { assertMayEdit, assertReader, assertWriter, isNewsAdmin } from './access';
import { channelOrThrow } from './channels';
import { hasForeignImage } from '@/lib/jobs/rich-text-rules';
import { firstImageOfBody, isChannelImageUrl, keyOfImageUrl, makeThumbnails } from './images';
import { storage } from '@/lib/storage';
import { CHANNEL_INACTIVE, FOREIGN_IMAGE, POST_MESSAGES, SCHEDULE_IN_PAST, THUMBNAIL_NOT_FOUND, type PostInput, type PostStatus } from './schemas';
import { newsChanged } from '@/lib/cache/tags';
import { EXCERPT_LENGTH, excerptOfText, excerptSource, excerptsOf } from './excerpt';

/** A body of HTML nested past the limit (lib/jobs/sanitize.ts htmlNestedDeeperThan). */
const BODY_TOO_DEEP: TooDeep = { message: POST_MESSAGES.tooDeep, field: 'body' };

type PostRow = typeof newsPosts.$inferSelect;

/** A post as the API answers it (snake_case). */
export function postView(p: PostRow, author?: { firstName: string | null; lastName: string | null } | null) {
  return {
    id: p.id,
    channel_id: p.channelId,
    title: p.title,
    // Cleaned on the way out too (lib/jobs/lexical-clean.ts): a post stored before the store cleaned it.
    body: p.body == null ? p.body : cleanLexicalState(p.body),
    body_html: p.bodyHtml,
    status: p.status as PostStatus,
    is_active: p.isActive,
    scheduled_at: p.scheduledAt?.toISOString() ?? null,
    published_at: p.publishedAt?.toISOString() ?? null,
    thumbnail: p.thumbnail,
    thumbnail_small: p.thumbnailSmall,
    views: p.views,
    user_id: p.userId,
    author: author?.firstName ? `${author.firstName} ${author.lastName ?? ''}`.trim() : null,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
export type PostView = ReturnType<typeof postView>;

/**
 * The status a post's fields ask for: a future scheduled_at makes it SCHEDULED, is_active
 * (publish now) makes it POSTED, otherwise it stays Inactive. A past scheduled_at is refused.
 */
export function statusFor(input: { scheduled_at?: string | null; is_active?: boolean; status?: 'Cancelled' | 'Inactive' }, now: Date) {
  if (input.status === 'Cancelled') return { status: 'Cancelled' as const, isActive: false };
  if (input.status === 'Inactive') return { status: 'Inactive' as const, isActive: false };
  if (input.scheduled_at) {
    const at = new Date(input.scheduled_at);
    if (at.getTime() <= now.getTime()) throw unprocessable(SCHEDULE_IN_PAST, 'scheduled_at');
    return { status: 'SCHEDULED' as const, isActive: false, scheduledAt: at };
  }
  if (input.is_active) return { status: 'POSTED' as const, isActive: true, publishedAt: now };
  return { status: 'Inactive' as const, isActive: false };
}

type StateFields = Parameters<typeof statusFor>[0];

/**
 * The state fields of a save that ask for a state other than the post's own, or null when they
 * leave it as it is (docs/news.md). The editor and API clients send them back as they read them:
 * the same choice again is no change of state (it was refused in an inactive channel, where a news
 * admin still edits, and an unchanged schedule now past was refused as a new one). The schedule the
 * post has (a SCHEDULED post's, or the past one of a post the tick published), and no schedule on a
 * post that is not waiting for one, ask nothing: `scheduled_at: null` alone took a live post down.
 */
function stateAsked(input: PostInput, post: PostRow): StateFields | null {
  if (input.status !== undefined) return input.status === post.status ? null : { status: input.status };
  const { scheduled_at: at, is_active: active } = input;
  const sameSchedule = at === undefined || (at === null ? post.status !== 'SCHEDULED' : post.scheduledAt?.getTime() === new Date(at).getTime());
  if (!sameSchedule) return { scheduled_at: at, is_active: active };
  // statusFor reads the schedule first: a waiting post keeps its time whatever is_active says.
  if (active === undefined || (at && post.status === 'SCHEDULED')) return null;
  return post.status === (active ? 'POSTED' : 'Inactive') ? null : { is_active: active };
}

/**
 * When a post changing state was published: now when it goes live (a republished post is new again
 * on every list), none while it waits for its schedule (the tick sets its time), and the last one
 * kept when it is taken down or cancelled.
 */
function publishedAtFor(state: ReturnType<typeof statusFor>, post: PostRow): Date | null {
  if (state.status === 'POSTED') return state.publishedAt ?? null;
  if (state.status === 'SCHEDULED') return null;
  return post.publishedAt;
}

async function postOrThrow(db: Database, id: number) {
  const [row] = await db
    .select({ post: newsPosts, firstName: users.firstName, lastName: users.lastName })
    .from(newsPosts)
    .leftJoin(users, eq(users.id, newsPosts.userId))
    .where(eq(newsPosts.id, id));
  if (!row) throw notFound('Post not found.');
  return row;
}

/**
 * The stored body of a write and its thumbnails, made only when their source changes:
 * - a thumbnail sent is chosen: made from that image (422 when it is not one of ours) and kept
 *   through body edits; `thumbnail: null` goes back to the body's first image;
 * - otherwise they follow the body's first image, remade only when it changes (a web save always
 *   sends the body; the same first image writes no file) and cleared when the body has none.
 */
async function content(input: PostInput, channelId: number, previous: { body: unknown; bodyHtml: string; thumbnail: string | null; thumbnailChosen: boolean } | null, rendered = input.body !== undefined ? renderRichText(input.body, BODY_TOO_DEEP) : null) {
  // The page's CSP shows only our own images: one linked from another site would be a broken image
  // (and missing from the PDF). A body saved unchanged is let through, so an older post stays editable.
  if (rendered && rendered.html !== previous?.bodyHtml && hasForeignImage(rendered.html)) throw unprocessable(FOREIGN_IMAGE, 'body');
  // The post's own thumbnail sent back as it was read (a client saving what it fetched): unchanged.
  if (input.thumbnail && input.thumbnail === previous?.thumbnail) input = { ...input, thumbnail: undefined };
  if (input.thumbnail) {
    // One of this channel's uploads only: another channel's (an inactive one's) images are not this writer's to use.
    const made = isChannelImageUrl(input.thumbnail, channelId) ? await makeThumbnails(input.thumbnail) : null;
    if (!made) throw unprocessable(THUMBNAIL_NOT_FOUND, 'thumbnail');
    return { rendered, thumbs: { ...made, chosen: true } };
  }
  const before = previous ? firstImageOfBody(previous.body, previous.bodyHtml) : null;
  const firstImage = rendered ? firstImageOfBody(rendered.json, rendered.html) : before;
  const chosen = input.thumbnail === undefined && !!previous?.thumbnailChosen;
  const follow = input.thumbnail !== undefined || (rendered !== null && !chosen && (previous === null || firstImage !== before));
  if (!follow) return { rendered, thumbs: null };
  const made = await makeThumbnails(firstImage);
  return { rendered, thumbs: { full: made?.full ?? null, small: made?.small ?? null, chosen: false } };
}

/** The files of thumbnails that were replaced, only ever the generated ones (best effort: a leftover file only costs space). */
async function dropThumbnails(...urls: (string | null)[]) {
  const keys = urls.map((url) => keyOfImageUrl(url)).filter((key): key is string => !!key && /\/thumb-[0-9a-f]+-(full|small)\.webp$/.test(key));
  await Promise.all(keys.map((key) => storage().delete(key).catch(() => undefined)));
}

export async function createPost(db: Database, actor: Actor | null, channelId: number, input: PostInput & { title: string; body: unknown }, now = new Date()) {
  const a = assertWriter(actor);
  const channel = await channelOrThrow(db, channelId);
  if (!channel.isActive) throw unprocessable(CHANNEL_INACTIVE);
  const state = statusFor(input, now);
  const { rendered, thumbs } = await content(input, channelId, null);
  const view = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(newsPosts)
      .values({
        channelId,
        title: input.title,
        body: rendered?.json ?? null,
        bodyHtml: rendered?.html ?? '',
        status: state.status,
        isActive: state.isActive,
        scheduledAt: state.scheduledAt ?? null,
        publishedAt: state.publishedAt ?? null,
        thumbnail: thumbs?.full ?? null,
        thumbnailSmall: thumbs?.small ?? null,
        thumbnailChosen: thumbs?.chosen ?? false,
        userId: a.userId,
      })
      .returning();
    await recordAudit(tx, { actorUserId: a.userId, action: 'news_post.create', subjectType: 'news_post', subjectId: row.id, details: { status: row.status } });
    return postView(row, a);
  });
  // A post published at once joins the sitemap (and /posts/{id} may have been cached as not found).
  newsChanged([view.id]);
  return view;
}

/**
 * PUT /news/channels/posts/{id}. `expectedVersion` (If-Match): the updated_at the editor opened; 412
 * when the post was saved (or published by the tick) since, also by a save landing between this read
 * and the write (lib/api/if-match.ts). Without it the last write wins.
 */
export async function updatePost(db: Database, actor: Actor | null, id: number, input: PostInput, expectedVersion?: string | null, now = new Date()) {
  const { post } = await postOrThrow(db, id);
  const a = assertMayEdit(actor, post);
  assertVersion(expectedVersion, post.updatedAt, 'post');
  const channel = await channelOrThrow(db, post.channelId);
  const asked = stateAsked(input, post);
  if (!channel.isActive && asked && asked.status === undefined) throw unprocessable(CHANNEL_INACTIVE);
  // A contributor writes only in active channels (docs/news.md): in an inactive one they may still
  // take their post down (a status), not change its words. News admins keep editing there. The
  // editor sends the title and body on every save: the same words again are no change (the body
  // compared as the HTML it renders to).
  const rendered = input.body !== undefined ? renderRichText(input.body, BODY_TOO_DEEP) : null;
  const changesWords = (input.title !== undefined && input.title !== post.title) || (rendered !== null && rendered.html !== post.bodyHtml);
  if (!channel.isActive && !isNewsAdmin(a) && changesWords) throw unprocessable(CHANNEL_INACTIVE);
  const state = asked ? statusFor(asked, now) : null;
  const { thumbs } = await content(input, post.channelId, post, rendered);
  const patch = {
    ...(input.title !== undefined && { title: input.title }),
    ...(rendered && { body: rendered.json, bodyHtml: rendered.html }),
    ...(state && {
      status: state.status,
      isActive: state.isActive,
      scheduledAt: state.scheduledAt ?? null,
      publishedAt: publishedAtFor(state, post),
    }),
    ...(thumbs && { thumbnail: thumbs.full, thumbnailSmall: thumbs.small, thumbnailChosen: thumbs.chosen }),
  };
  // The body is compared as the HTML it renders to.
  const fields = changedFields(patch, post, { title: 'title', bodyHtml: 'body', status: 'status', isActive: 'is_active', scheduledAt: 'scheduled_at', thumbnail: 'thumbnail' });
  const view = await db
    .transaction(async (tx) => {
      const [row] = await tx
        .update(newsPosts)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(newsPosts.id, id), atVersion(newsPosts.updatedAt, expectedVersion, post.updatedAt)))
        .returning();
      if (!row) throw staleEditError('post');
      await recordEdit(tx, { actorUserId: a.userId, action: 'news_post.update', subjectType: 'news_post', subjectId: id, fields, details: { status: row.status } });
      return postView(row, a);
    })
    .catch(async (error) => {
      // Nothing was saved: the thumbnails made for this save show nowhere.
      if (thumbs) await dropThumbnails(thumbs.full, thumbs.small);
      throw error;
    });
  if (thumbs) await dropThumbnails(post.thumbnail, post.thumbnailSmall);
  newsChanged([id]);
  return view;
}

/** DELETE /news/channels/posts/{id}: cancels the post (kept for the record, off every reader's page). */
export function cancelPost(db: Database, actor: Actor | null, id: number) {
  return updatePost(db, actor, id, { status: 'Cancelled' });
}

export async function getPost(db: Database, actor: Actor | null, id: number) {
  assertReader(actor);
  const row = await postOrThrow(db, id);
  return postView(row.post, row);
}

/** A post's columns but its body (the state and the HTML): what the lists read. */
const { body: _body, bodyHtml: _bodyHtml, ...listColumns } = getTableColumns(newsPosts);

/** A channel's posts for the portal (every status), newest first; status narrows. */
export async function listChannelPosts(db: Database, actor: Actor | null, channelId: number, page: { offset: number; limit: number; status?: PostStatus }) {
  assertReader(actor);
  await channelOrThrow(db, channelId);
  const where = and(eq(newsPosts.channelId, channelId), page.status ? eq(newsPosts.status, page.status) : undefined);
  const [rows, counted] = await Promise.all([
    // The list leaves the bodies out: they can be large, and the editor loads one post at a time. The
    // excerpt is made from the start of the HTML (lib/news/excerpt.ts).
    db
      .select({ post: listColumns, excerptSource, firstName: users.firstName, lastName: users.lastName })
      .from(newsPosts)
      .leftJoin(users, eq(users.id, newsPosts.userId))
      .where(where)
      .orderBy(desc(newsPosts.createdAt), desc(newsPosts.id))
      .offset(page.offset)
      .limit(page.limit),
    countUpTo(db, db.select({ one: sql`1` }).from(newsPosts).where(where), page),
  ]);
  const excerpts = await excerptsOf(db, rows.map((r) => ({ id: r.post.id, excerptSource: r.excerptSource })));
  return {
    items: rows.map((r) => ({ ...postView({ ...r.post, body: null, bodyHtml: '' }, r), body: undefined, body_html: undefined, excerpt: excerpts.get(r.post.id) ?? '' })),
    pagination: { offset: page.offset, limit: page.limit, ...counted },
  };
}

/** The excerpt of a body (a Lexical state or HTML): its text, whitespace collapsed, at most `length` characters. */
export function excerpt(body: unknown, length = EXCERPT_LENGTH) {
  return excerptOfText(lexicalPlainText(body), length);
}

/**
 * The scheduled tick: SCHEDULED posts whose time has come become POSTED (idempotent), in batches
 * like every tick step (lib/db/batches.ts; news_posts_due_idx finds them).
 */
export async function publishDuePosts(db: Database, now: Date, options: BatchOptions = {}) {
  const due = and(eq(newsPosts.status, 'SCHEDULED'), sql`${newsPosts.scheduledAt} <= ${now}`, sql`exists (select 1 from ${newsChannels} c where c.id = ${newsPosts.channelId} and c.is_active)`);
  const { rows } = await inBatches(
    (limit) =>
      db
        .update(newsPosts)
        .set({ status: 'POSTED', isActive: true, publishedAt: sql`${newsPosts.scheduledAt}`, updatedAt: now })
        .where(and(inArray(newsPosts.id, db.select({ id: newsPosts.id }).from(newsPosts).where(due).limit(limit)), due))
        .returning({ id: newsPosts.id }),
    options,
  );
  if (rows.length) newsChanged(rows.map((r) => r.id));
  return { published: rows.length };
}
