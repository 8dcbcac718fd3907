import type { Metadata } from 'next';
import { HostedFieldsForm } from './hosted-fields-form';

export const metadata: Metadata = { title: 'Secure card form', robots: { index: false } };

/**
 * The sandbox processor's hosted fields: a page meant for an iframe. The card number and code are
 * typed here, posted to /sandbox-gateway/tokenize from here, and only the token goes to the parent.
 */
export default async function HostedFieldsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  return (
    <>
      {/* The frame blends into the parent's card. */}
      <style>{'html,body{background:transparent!important;height:auto!important}'}</style>
      <HostedFieldsForm parentOrigin={one(q.parent)} holderName={one(q.name)} channel={one(q.channel)} />
    </>
  );
}
