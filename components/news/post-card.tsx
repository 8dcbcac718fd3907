import Link from 'next/link';
import type { ReaderPost } from '@/lib/news/readers';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

export const publishedOn = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: PORTAL_TIME_ZONE }) : '');

/** A post's view count as a reader says it: "1 view", "2 views". */
export const viewsText = (views: number) => `${views} ${views === 1 ? 'view' : 'views'}`;

const AT = new Intl.DateTimeFormat('en-US', { timeZone: PORTAL_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });

/**
 * A post's schedule or publication time in the portal's zone, with the zone named ("Nov 27, 2026,
 * 9:30 AM EST"): the server's own zone (UTC) showed a 9 am schedule as 2 pm, unlabelled.
 */
export const postTime = (iso: string | null) => (iso ? AT.format(new Date(iso)) : '—');

/** One published post in a list: thumbnail, channel, title, date, excerpt. */
export function PostCard({ post, href }: { post: ReaderPost; href: string }) {
  return (
    <li className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {post.thumbnail_small && (
        // eslint-disable-next-line @next/next/no-img-element -- stored thumbnails are already sized WebP
        <img src={post.thumbnail_small} alt="" width={160} height={90} className="hidden h-[90px] w-[160px] shrink-0 rounded-lg object-cover sm:block" />
      )}
      <div className="min-w-0">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{post.channel}</p>
        <h2 className="text-base font-semibold text-slate-900">
          <Link href={href} className="hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="text-xs text-slate-500">{publishedOn(post.published_at)}</p>
        <p className="mt-1 line-clamp-2 text-sm text-slate-600">{post.excerpt}</p>
      </div>
    </li>
  );
}
