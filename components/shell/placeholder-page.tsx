import { EmptyState, PageHeader } from '@/components/ui/states';

/**
 * An honest empty state for a page whose feature has not been built yet: the spec's title, what the
 * page will hold, and no fake data.
 */
export function PlaceholderPage({ title, subtitle, emptyTitle, children }: { title: string; subtitle?: string; emptyTitle: string; children: React.ReactNode }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <EmptyState title={emptyTitle}>{children}</EmptyState>
    </>
  );
}
