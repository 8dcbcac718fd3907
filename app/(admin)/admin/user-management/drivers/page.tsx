import type { Metadata } from 'next';
import { EmptyState } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Driver List' };

export default function DriversPage() {
  return (
    <section aria-labelledby="driver-list">
      <h2 id="driver-list" className="text-lg font-semibold text-slate-900">Driver List</h2>
      <p className="mb-4 text-sm text-slate-500">Manage drivers subscriptions.</p>
      <EmptyState title="There are no subscriptions">Drivers with HealthRX or Roadside Assistance subscriptions will be listed here.</EmptyState>
    </section>
  );
}
