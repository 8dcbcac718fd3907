import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AdForm } from '@/components/ads/ad-form';
import { AdStatusBadge, formatCtr } from '@/components/ads/ad-status';
import { DailyChart } from '@/components/ads/daily-chart';
import { PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { getAd } from '@/lib/ads/services';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/errors';

export const metadata: Metadata = { title: 'Edit ad' };

export default async function EditAdPage({ params }: { params: Promise<{ id: string }> }) {
  const { actor } = await requireSession(pageGuardFor('/ads/manage'));
  const { id } = await params;
  const ad = await getAd(await getDb(), actor, id).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  return (
    <>
      <PageHeader title={ad.name} subtitle={`${ad.advertiser} · ${ad.impressions.toLocaleString('en-US')} impressions · ${ad.clicks.toLocaleString('en-US')} clicks · CTR ${formatCtr(ad.ctr)}`} actions={<AdStatusBadge status={ad.status} />} />
      <section aria-labelledby="daily-title" className="mb-8 rounded-2xl border border-slate-200 bg-white p-5">
        <h2 id="daily-title" className="mb-3 text-base font-semibold text-slate-900">
          Last 30 days
        </h2>
        <DailyChart adId={ad.id} />
      </section>
      <AdForm ad={ad} />
    </>
  );
}
