'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LazyRichTextEditor } from '@/components/editor/lazy-editor';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { api } from '@/lib/api/client';
import { splitApiErrors } from '@/lib/api/field-errors';
import { revealFirstProblem } from '@/lib/browser/first-problem';
import { useLeaveWarning } from '@/lib/browser/leave-warning';
import { lexicalToHtml } from '@/lib/jobs/rich-text';
import { portalInputToDate, portalInputValue } from '@/lib/validation/portal-day';
import { ArticleBody } from './article-body';
import { StatusBadge } from './status-badge';
import type { PostStatus } from '@/lib/news/schemas';

export type EditablePost = { id: number; title: string; body: unknown; body_html: string | null; status: PostStatus; scheduled_at: string | null; updated_at?: string };

const IMAGE_UPLOAD_FAILED = 'An error ocurred uploading image.';
/** What the page says after a save: the new post's page opens with POST_CREATED (?created=1), an edit stays with POST_UPDATED. */
export const POST_CREATED = 'Post created.';
export const POST_UPDATED = 'Updated successfully';

/**
 * datetime-local value of an ISO time, in the portal's zone (ET): portal times are Eastern whatever
 * the browser's zone, as the channel's post list shows them (docs/news.md).
 */
function localInput(iso: string | null) {
  if (!iso) return '';
  return portalInputValue(new Date(iso));
}

/**
 * Writing a post: title, the rich-text editor (images upload to the channel), publish now or
 * schedule, a preview of the body as readers will see it, and the PDF export of the saved post.
 */
export function PostEditor({ channelId, post, created = false }: { channelId: number; post?: EditablePost; created?: boolean }) {
  const router = useRouter();
  // What the form opened with, or last saved. A post written through the API as HTML has no editor state: the
  // editor opens its (server-sanitized) HTML instead, so a save of the title alone keeps the text
  // (it sent an empty body).
  const [opened, setOpened] = useState(() => ({
    title: post?.title ?? '',
    body: post?.body ? JSON.stringify(post.body) : (post?.body_html ?? ''),
    when: (post?.status === 'SCHEDULED' ? 'schedule' : post?.status === 'POSTED' ? 'now' : 'draft') as 'draft' | 'now' | 'schedule',
    scheduledAt: localInput(post?.scheduled_at ?? null),
  }));
  // The version the editor opened (then its own last save), sent as If-Match: a save over one made
  // elsewhere since (another tab, another writer, the schedule) is refused with 412, the text kept.
  const [version, setVersion] = useState(post?.updated_at);
  const [title, setTitle] = useState(opened.title);
  const [body, setBody] = useState<string>(opened.body);
  const [when, setWhen] = useState(opened.when);
  const [scheduledAt, setScheduledAt] = useState(opened.scheduledAt);
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string>();
  // Messages the form shows at their own field; the others join the general message by Save.
  const [fieldErrors, setFieldErrors] = useState<{ title?: string; scheduled_at?: string }>({});
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (error || fieldErrors.title || fieldErrors.scheduled_at) revealFirstProblem(form.current);
  }, [error, fieldErrors]);
  const [saving, setSaving] = useState(false);
  // The last save's outcome, shown until the next edit or save attempt: it stood beside a later
  // refusal, and a reload of ?created=1 said it again.
  const [notice, setNotice] = useState<string | undefined>(created ? POST_CREATED : undefined);
  useEffect(() => {
    if (!created) return;
    const url = new URL(window.location.href);
    url.searchParams.delete('created');
    window.history.replaceState(window.history.state, '', url.pathname + url.search);
  }, [created]);
  // Keeping a live post inactive takes it off the site at once: asked before it is done.
  const [confirmingTakedown, setConfirmingTakedown] = useState(false);
  const takesDown = post?.status === 'POSTED' && when !== 'now';
  // A post is long work: a reload or a closed tab asks before it is lost.
  useLeaveWarning(!saving && (title !== opened.title || body !== opened.body || when !== opened.when || scheduledAt !== opened.scheduledAt));

  const uploadImage = useMemo(
    () => async (file: File) => {
      const form = new FormData();
      form.set('image', file);
      const res = await fetch(`/api/v1.0/news/channels/${channelId}/upload-image`, { method: 'POST', body: form });
      if (!res.ok) throw new Error(IMAGE_UPLOAD_FAILED);
      return ((await res.json()) as { data: { image_url: string } }).data.image_url;
    },
    [channelId],
  );

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(undefined);
    setFieldErrors({});
    setNotice(undefined);
    const publishAt = when === 'schedule' ? portalInputToDate(scheduledAt) : undefined;
    if (when === 'schedule' && !publishAt) return setFieldErrors({ scheduled_at: 'Choose the date and time to publish the post.' });
    if (takesDown && !confirmingTakedown) return setConfirmingTakedown(true);
    setSaving(true);
    try {
      // The publishing choice goes only when it changed: sent again it read as a new state, refused in
      // an inactive channel (where a news admin still edits) and, for a schedule now past, anywhere.
      const publishing = !post || when !== opened.when || scheduledAt !== opened.scheduledAt;
      const payload = {
        title,
        body: body || { root: { type: 'root', children: [] } },
        ...(publishing && {
          is_active: when === 'now',
          scheduled_at: publishAt ? publishAt.toISOString() : null,
          ...(post && when === 'draft' ? { status: 'Inactive' } : {}),
        }),
      };
      // The saved post is what the form now holds (the page stays mounted after an edit).
      if (post) {
        const headers = version ? { 'if-match': `"${version}"` } : undefined;
        const res = await api<{ id: number; updated_at?: string }>(`/news/channels/posts/${post.id}`, { method: 'PUT', body: payload, headers });
        setVersion(res.data.updated_at);
        setOpened({ title, body, when, scheduledAt });
        setNotice(POST_UPDATED);
      } else {
        const res = await api<{ id: number }>(`/news/channels/${channelId}/posts`, { method: 'POST', body: payload });
        setOpened({ title, body, when, scheduledAt });
        router.push(`/news/posts/${res.data.id}?created=1`);
      }
      router.refresh();
    } catch (err) {
      const { byField, general } = splitApiErrors(err);
      const { title: titleError, scheduled_at: scheduleError, ...others } = byField;
      setFieldErrors({ title: titleError, scheduled_at: scheduleError });
      setError(general ?? (Object.values(others).join(' ') || undefined));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={form} onSubmit={save} noValidate className="flex flex-col gap-4">
      {notice && <Alert type="success">{notice}</Alert>}
      <Field
        label="Title"
        value={title}
        error={fieldErrors.title}
        onChange={(e) => {
          setTitle(e.target.value);
          setNotice(undefined);
          // What was wrong with the title is answered by typing one: the message goes with it.
          if (fieldErrors.title) setFieldErrors((f) => ({ ...f, title: undefined }));
        }}
        required
      />
      <div className="flex items-center gap-2">
        <span id="post-body-label" className="text-sm font-medium text-slate-700">
          Body
        </span>
        <span className="flex-1" />
        <Button type="button" variant="secondary" onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
          {preview ? 'Back to editing' : 'Preview'}
        </Button>
      </div>
      {preview ? (
        <article aria-label="Preview" className="min-h-40 rounded-lg border border-slate-200 bg-white p-4">
          {/* The preview renders the editor state as the server will (links only http(s), mailto, tel; text escaped). */}
          <ArticleBody html={lexicalToHtml(body) ?? (body === post?.body_html ? body : '')} />
        </article>
      ) : (
        <LazyRichTextEditor value={body} onChange={(json) => {
            // Only a real change: the saved message stays while the editor merely reports what it holds.
            if (json !== body) setNotice(undefined);
            setBody(json);
          }} aria-labelledby="post-body-label" uploadImage={uploadImage} minRows={14} />
      )}
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className="mb-1 font-medium text-slate-700">Publishing</legend>
        {post && <StatusBadge status={post.status} />}
        <label className="flex items-center gap-1.5">
          <input type="radio" name="when" checked={when === 'draft'} onChange={() => {
              setWhen('draft');
              setConfirmingTakedown(false);
              setNotice(undefined);
            }} /> Keep inactive
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="when" checked={when === 'now'} onChange={() => {
              setWhen('now');
              setConfirmingTakedown(false);
              setNotice(undefined);
            }} /> Publish now
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" name="when" checked={when === 'schedule'} onChange={() => {
              setWhen('schedule');
              setConfirmingTakedown(false);
              setNotice(undefined);
            }} /> Schedule
        </label>
        {when === 'schedule' && (
          <div className="flex flex-wrap items-center gap-1.5">
            <label htmlFor="publish-at" className="font-medium text-slate-700">
              Publish at (ET)
            </label>
            <input
              id="publish-at"
              type="datetime-local"
              value={scheduledAt}
              aria-invalid={fieldErrors.scheduled_at ? true : undefined}
              aria-describedby={fieldErrors.scheduled_at ? 'publish-at-error' : undefined}
              onChange={(e) => {
                setScheduledAt(e.target.value);
                setNotice(undefined);
                if (fieldErrors.scheduled_at) setFieldErrors((f) => ({ ...f, scheduled_at: undefined }));
              }}
              className="h-9 rounded-md border border-slate-300 px-2 aria-[invalid=true]:border-red-400"
            />
            {fieldErrors.scheduled_at && (
              <span id="publish-at-error" role="alert" className="basis-full text-xs text-red-600">
                {fieldErrors.scheduled_at}
              </span>
            )}
          </div>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      {takesDown && confirmingTakedown && (
        <p role="alert" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          This post is live. Saving it {when === 'schedule' ? 'for later' : 'as inactive'} takes it off the site now: its public page, the sitemap and the drivers&apos; news. Save again
          to take it down.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={saving} variant={takesDown && confirmingTakedown ? 'danger' : 'primary'}>
          {takesDown && confirmingTakedown ? 'Take the post down' : 'Save post'}
        </Button>
        {post && (
          <a href={`/api/v1.0/news/posts/${post.id}/pdf`} target="_blank" rel="noopener" className="inline-flex h-10 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Export PDF
          </a>
        )}
      </div>
    </form>
  );
}
