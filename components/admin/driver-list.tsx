'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ListStatus, Pager } from '@/components/billing/list-parts';
import { capitalised, canUnsubscribe, subscriptionLabel, usDate } from '@/lib/subscriptions/labels';
import { useCancelSubscription, useDriverSubscriptions, type DriverWithSubscriptions, type SubscriptionView } from '@/lib/subscriptions/hooks';
import { CancelSubscriptionDialog } from './cancel-subscription-dialog';
import { SlideOver } from './slide-over';
import { useDebounced } from './use-debounced';

const PAGE_SIZE = 10;
export const SUBSCRIPTION_CANCELLED = 'Subscription cancelled';
export const SUBSCRIPTION_NOT_CANCELLED = 'Subscription not cancelled';

const th = 'px-3 py-3 font-semibold';
const td = 'whitespace-nowrap px-3 py-3 text-slate-700';

/**
 * The Admin Driver List exactly as accounts spec §2: drivers with their billing customer id, name,
 * email and phone; the view icon opens the slide-over 'Subscription List' where a subscription can
 * be cancelled through the §4 flow.
 */
export function DriverList() {
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<SubscriptionView | null>(null);
  const query = useDriverSubscriptions(search, offset, PAGE_SIZE);
  const cancel = useCancelSubscription();
  const toast = useToast();
  const drivers = query.data?.data ?? [];
  const total = query.data?.pagination?.total ?? 0;
  const totalIsLowerBound = query.data?.pagination?.total_is_lower_bound ?? false;
  const driver: DriverWithSubscriptions | undefined = drivers.find((d) => d.id === viewing);

  async function unsubscribe(reason: { reason_code: number; renewal_cancellation_reason?: string }) {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync({ id: cancelling.id, ...reason });
      toast.show('success', SUBSCRIPTION_CANCELLED);
      setCancelling(null);
      setViewing(null);
    } catch {
      toast.show('error', SUBSCRIPTION_NOT_CANCELLED);
      setCancelling(null);
    }
  }

  return (
    <section aria-labelledby="driver-list" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 id="driver-list" className="text-lg font-semibold text-slate-900">
            Driver List
          </h2>
          <p className="text-sm text-slate-500">Manage drivers subscriptions.</p>
        </div>
        <label className="flex w-full max-w-xs flex-col gap-1 text-sm font-medium text-slate-700">
          Search
          <input type="search" value={text} onChange={(e) => {
              setText(e.target.value);
              setOffset(0);
            }} placeholder="Name, email or customer id" className="rounded-lg border border-slate-300 px-3 py-2 text-sm" />
        </label>
      </div>
      <ListStatus query={query} count={drivers.length} loadingLabel="Loading drivers" emptyTitle="There are no subscriptions" emptyText={search ? 'No driver with subscriptions matches this search.' : 'Drivers with HealthRX or Roadside Assistance appear here.'} />
      {drivers.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className={th}>billing customer id</th>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>Email</th>
                <th scope="col" className={th}>Phone</th>
                <th scope="col" className={`${th} text-right`}>Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {drivers.map((d) => (
                <tr key={d.id} data-testid="driver-row">
                  <td className={`${td} font-mono text-xs`}>{d.billingCustomerId ?? '-'}</td>
                  <td className={`${td} font-medium text-slate-900`}>{`${d.firstName} ${d.lastName}`}</td>
                  <td className={td}>{d.email}</td>
                  <td className={td}>{d.phone ?? '-'}</td>
                  <td className={`${td} text-right`}>
                    <button type="button" onClick={() => setViewing(d.id)} aria-label={`View subscriptions of ${d.firstName} ${d.lastName}`} className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-brand-700">
                      <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
                        <path d="M10 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z" />
                        <path fillRule="evenodd" d="M.66 10.59a1.65 1.65 0 0 1 0-1.19A10 10 0 0 1 10 3c4.26 0 7.9 2.66 9.34 6.41.16.38.16.8 0 1.18A10 10 0 0 1 10 17c-4.26 0-7.9-2.66-9.34-6.41ZM14 10a4 4 0 1 1-8 0 4 4 0 0 1 8 0Z" clipRule="evenodd" />
                      </svg>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(total > PAGE_SIZE || totalIsLowerBound) && <Pager offset={offset} pageSize={PAGE_SIZE} total={total} totalIsLowerBound={totalIsLowerBound} onOffset={setOffset} />}

      <SlideOver open={!!driver} onOpenChange={(open) => !open && setViewing(null)} title="Subscription List" description={driver ? `${driver.firstName} ${driver.lastName} · ${driver.email}` : undefined}>
        {driver && driver.subscriptions.length === 0 && <p className="text-sm text-slate-500">There are no subscriptions</p>}
        {driver && driver.subscriptions.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  {['Subscription', 'Tier', 'Type', 'Subscription Date', 'Expiration Date', 'Cancellation Date', 'Cancellation Reason'].map((h) => (
                    <th key={h} scope="col" className={th}>
                      {h}
                    </th>
                  ))}
                  <th scope="col" className={`${th} text-right`}>Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {driver.subscriptions.map((s) => (
                  <tr key={s.id} data-testid="subscription-row">
                    <td className={`${td} font-medium text-slate-900`}>{subscriptionLabel(s.subscription)}</td>
                    <td className={td}>{capitalised(s.tier)}</td>
                    <td className={td}>{capitalised(s.subscriptionType)}</td>
                    <td className={td}>{usDate(s.subscriptionDate)}</td>
                    <td className={td}>{usDate(s.expirationDate)}</td>
                    <td className={td}>{usDate(s.renewalCanceledAt)}</td>
                    <td className="max-w-[16rem] break-words px-3 py-3 text-slate-700">{s.renewalCancellationReason ?? '-'}</td>
                    <td className={`${td} text-right`}>
                      <Button variant="danger" className="px-3 py-1.5" disabled={!canUnsubscribe(s)} onClick={() => setCancelling(s)}>
                        Unsubscribe
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </SlideOver>
      <CancelSubscriptionDialog subscription={cancelling} onClose={() => setCancelling(null)} onUnsubscribe={unsubscribe} loading={cancel.isPending} />
    </section>
  );
}
