import { clsx } from 'clsx';

/** Typography of stored rich text (sanitized HTML), as the editor shows it. */
export const PROSE =
  'text-[15px] leading-7 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h1]:mt-6 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_hr]:my-6 [&_img]:inline-block [&_img]:h-auto [&_img]:max-w-full [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:my-4 [&_table]:border-collapse [&_table]:table-fixed [&_td]:border [&_td]:border-slate-300 [&_td]:p-2 [&_td]:align-top [&_th]:border [&_th]:border-slate-300 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6';

/** A post's body: HTML sanitized on the server when it was saved (lib/jobs/sanitize.ts). */
export function ArticleBody({ html, className }: { html: string; className?: string }) {
  return <div className={clsx(PROSE, 'overflow-x-auto', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
