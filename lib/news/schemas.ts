import { z } from 'zod';
import { plainNumber } from '@/lib/validation/numbers';
import { SINGLE_LINE_MESSAGE, isSingleLine } from '@/lib/validation/text';
import { notFound } from '@/lib/errors';
import { richTextMessages, richTextProblem } from '@/lib/jobs/rich-text';

/** Post statuses (jobs spec §4): a new post is Inactive until it is published or scheduled. */
export const POST_STATUSES = ['POSTED', 'SCHEDULED', 'Cancelled', 'Inactive'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const POST_MESSAGES = richTextMessages('post');
export const IMAGE_UPLOAD_FAILED = 'An error ocurred uploading image.';
export const SCHEDULE_IN_PAST = 'Choose a time in the future to schedule the post.';
export const THUMBNAIL_NOT_FOUND = 'Choose a thumbnail from the images uploaded to the channel (its image_url).';
export const CHANNEL_INACTIVE = 'This channel is inactive: posts can no longer be written in it.';
export const FOREIGN_IMAGE = 'Images must be uploaded to the post; links to images on other sites cannot be shown.';

const name = z.string().trim().min(1, 'Enter the channel name.').max(120, 'Keep the channel name under 120 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE);

export const channelCreateSchema = z.strictObject({
  name,
  description: z.string().trim().max(2000, 'Keep the description under 2000 characters.').nullish(),
  channel_type: z.string().trim().min(1, 'Choose the channel type.').max(60, 'Keep the channel type under 60 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  is_active: z.boolean().optional(),
});
export const channelUpdateSchema = channelCreateSchema.partial();
export type ChannelInput = z.infer<typeof channelUpdateSchema>;

/** A post body: Lexical state (object or JSON string) or HTML, bounded before anything reads it. */
const body = z
  .union([z.string().max(1_000_000, POST_MESSAGES.tooLong), z.looseObject({ root: z.unknown() })])
  .superRefine((value, ctx) => {
    const problem = richTextProblem(value, POST_MESSAGES);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const postCreateSchema = z.strictObject({
  title: z.string().trim().min(1, 'Enter the post title.').max(200, 'Keep the title under 200 characters.').refine(isSingleLine, SINGLE_LINE_MESSAGE),
  body,
  /** ISO time; a future one makes the post SCHEDULED. */
  scheduled_at: z.iso.datetime({ offset: true, message: 'Enter the schedule as an ISO date and time.' }).nullish(),
  /** Publish now (POSTED) rather than keep it Inactive. */
  is_active: z.boolean().optional(),
  /**
   * An image_url from the channel upload-image call: the post's thumbnails are made from it, and
   * kept through body edits; null goes back to the body's first image.
   */
  thumbnail: z.string().max(500).nullish(),
});
export const postUpdateSchema = postCreateSchema.partial().extend({
  /** 'Cancelled' cancels a scheduled or posted post; 'Inactive' takes it down. */
  status: z.enum(['Cancelled', 'Inactive']).optional(),
});
export type PostInput = z.infer<typeof postUpdateSchema>;

const filter = z.strictObject({
  field: z.enum(['name', 'channel_type', 'is_active', 'created_at']),
  operator: z.enum(['equals', 'ilike', 'not_ilike', 'greater_than', 'less_than']),
  value: z.union([z.string().max(200), z.boolean(), z.number()]),
});
const order = z.strictObject({ field: z.enum(['created_at', 'name', 'channel_type']), direction: z.enum(['asc', 'desc']) });

export const pageQuerySchema = z.object({
  offset: plainNumber(z.coerce.number().int().min(0).max(1_000_000)).default(0),
  limit: plainNumber(z.coerce.number().int().min(1).max(100)).default(10),
});

export const channelSearchSchema = z.strictObject({
  filters: z.array(filter).max(10).default([]),
  orders: z.array(order).max(3).default([]),
});
export type ChannelSearch = z.infer<typeof channelSearchSchema>;

export const postListQuerySchema = pageQuerySchema.extend({
  status: z.enum(POST_STATUSES).optional(),
});

export const albumSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter the album name.').max(120, 'Keep the album name under 120 characters.'),
  images: z.array(z.string().max(500)).max(200, 'An album holds at most 200 images.').default([]),
});

/** The {id} of a news path; anything but a positive integer names nothing: 404. */
export function idParam(params: unknown): number {
  const id = Number((params as { id?: unknown })?.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
