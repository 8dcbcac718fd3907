import { and, desc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { newsAlbums } from '@/lib/db/schema';
import { notFound, unprocessable } from '@/lib/errors';
import { assertWriter, isNewsAdmin } from './access';
import { keyOfImageUrl } from './images';
import { storage } from '@/lib/storage';

type AlbumRow = typeof newsAlbums.$inferSelect;

const view = (a: AlbumRow) => ({ id: a.id, name: a.name, images: a.images, user_id: a.userId, created_at: a.createdAt.toISOString() });

/** Albums hold only images uploaded through the channel upload-image call. */
const NOT_UPLOADED = 'An album holds only images uploaded to a news channel.';

/** The album's images, each once, each one that was uploaded (a made-up name would show as broken). */
async function checkImages(images: string[]) {
  const unique = [...new Set(images)];
  const keys = unique.map((url) => keyOfImageUrl(url));
  if (keys.some((key) => !key)) throw unprocessable(NOT_UPLOADED, 'images');
  const found = await Promise.all(keys.map((key) => storage().stat(key!)));
  const missing = unique.filter((_, i) => !found[i]);
  if (missing.length) throw unprocessable(`${NOT_UPLOADED} Not found: ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}.`, 'images');
  return unique;
}

/** A writer's own albums (a news admin sees every album), newest first. */
export async function listAlbums(db: Database, actor: Actor | null, page: { offset: number; limit: number }) {
  const a = assertWriter(actor);
  const where = isNewsAdmin(a) ? undefined : eq(newsAlbums.userId, a.userId);
  const [rows, counted] = await Promise.all([
    db.select().from(newsAlbums).where(where).orderBy(desc(newsAlbums.createdAt), desc(newsAlbums.id)).offset(page.offset).limit(page.limit),
    countUpTo(db, db.select({ one: sql`1` }).from(newsAlbums).where(where), page),
  ]);
  return { items: rows.map(view), pagination: { ...page, ...counted } };
}

async function albumOf(db: Database, actor: Actor | null, id: number) {
  const a = assertWriter(actor);
  const [row] = await db
    .select()
    .from(newsAlbums)
    .where(and(eq(newsAlbums.id, id), isNewsAdmin(a) ? undefined : eq(newsAlbums.userId, a.userId)));
  if (!row) throw notFound('Album not found.');
  return row;
}

export async function getAlbum(db: Database, actor: Actor | null, id: number) {
  return view(await albumOf(db, actor, id));
}

export async function createAlbum(db: Database, actor: Actor | null, input: { name: string; images: string[] }) {
  const a = assertWriter(actor);
  const [row] = await db.insert(newsAlbums).values({ name: input.name, images: await checkImages(input.images), userId: a.userId }).returning();
  return view(row);
}

/** POST /albums/{id}: renames the album and replaces its images. */
export async function updateAlbum(db: Database, actor: Actor | null, id: number, input: { name: string; images: string[] }) {
  await albumOf(db, actor, id);
  const [row] = await db.update(newsAlbums).set({ name: input.name, images: await checkImages(input.images) }).where(eq(newsAlbums.id, id)).returning();
  // Deleted meanwhile (another tab, while the images were checked): gone, as a read would say.
  if (!row) throw notFound('Album not found.');
  return view(row);
}

export async function deleteAlbum(db: Database, actor: Actor | null, id: number) {
  await albumOf(db, actor, id);
  await db.delete(newsAlbums).where(eq(newsAlbums.id, id));
  return { deleted: true };
}
