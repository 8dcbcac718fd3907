import type { Metadata } from 'next';
import Link from 'next/link';
import { TablePager } from '@/components/ui/table-pager';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { auditPage } from '@/lib/admin/audit-view';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { pageOffsetOf } from '@/lib/validation/row-id';
import { portalDateTimeText } from '@/lib/validation/portal-date';

export const metadata: Metadata = { title: 'Audit log' };

const PAGE = 50;

// The portal's zone, named, with seconds: the same day the orders and lists it speaks of show.
const when = (iso: string) => portalDateTimeText(new Date(iso), { seconds: true });

/** Who did what, newest first; impersonated actions read "admin X as user Y". Server-rendered, 50 a page. */
export default async function AuditLogPage({ searchParams }: { searchParams: Promise<{ offset?: string; impersonated?: string }> }) {
  const { actor } = await requireSession(pageGuardFor('/admin/audit-log'));
  const q = await searchParams;
  const offset = pageOffsetOf(q.offset);
  const impersonatedOnly = q.impersonated === '1';
  const { lines, total, total_is_lower_bound } = await auditPage(await getDb(), actor, { offset, limit: PAGE, impersonatedOnly });
  const href = (next: number, imp = impersonatedOnly) => `/admin/audit-log?offset=${next}${imp ? '&impersonated=1' : ''}`;
  return (
    <>
      <PageHeader
        title="Audit log"
        subtitle="Changes made in the portal, who made them and when: profile, company and user edits, impersonation, cancellations, invoices."
        actions={
          <Link href={href(0, !impersonatedOnly)} className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            {impersonatedOnly ? 'Show everything' : 'Only impersonated actions'}
          </Link>
        }
      />
      {lines.length === 0 && offset > 0 ? (
        // Past the last page (an old link, an edited address): say so, and lead back.
        <EmptyState title="No entries on this page" action={<Link href={href(0)} className="font-semibold text-brand-700 hover:underline">Back to the first page</Link>} />
      ) : lines.length === 0 ? (
        <EmptyState title="Nothing recorded yet">Audited actions appear here as they happen.</EmptyState>
      ) : (
        // Focusable, so a keyboard can scroll the table sideways where it is wider than the screen:
        // it holds no link or button that would take the focus instead (axe scrollable-region-focusable).
        <section tabIndex={0} aria-label="Audit log entries" className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3">When</th>
                <th scope="col" className="px-4 py-3">Who</th>
                <th scope="col" className="px-4 py-3">Action</th>
                <th scope="col" className="px-4 py-3">Subject</th>
                <th scope="col" className="px-4 py-3">Changed</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((l) => (
                <tr key={l.id} data-testid="audit-line">
                  <td className="whitespace-nowrap px-4 py-2.5 text-slate-500">{when(l.at)}</td>
                  {/* Wraps on a phone ("Adam Admin as Carl Owner" was cut); one line from sm up. */}
                  <td className="min-w-[9rem] px-4 py-2.5 font-medium text-slate-900 sm:whitespace-nowrap">{l.who}</td>
                  <td className="px-4 py-2.5 text-slate-700" title={l.action}>
                    {l.actionLabel}
                  </td>
                  <td className="whitespace-nowrap px-4 py-2.5 text-slate-600">{l.subject}</td>
                  <td className="min-w-[14rem] px-4 py-2.5 text-slate-600">{l.changed.map((f) => f.replace(/_/g, ' ')).join(', ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <TablePager offset={offset} limit={PAGE} total={total} totalIsLowerBound={total_is_lower_bound} href={href} />
        </section>
      )}
    </>
  );
}
