'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { LOGO_BAD_TYPE, LOGO_MAX_BYTES, LOGO_SIZES, LOGO_TOO_LARGE } from '@/lib/companies/logo-rules';
import type { LogoCrop } from '@/lib/companies/schemas';
import { CompanyLogo } from './company-logo';

// The crop dialog loads only when a file is chosen.
const LogoCropDialog = dynamic(() => import('./logo-crop-dialog'), { ssr: false });

type Company = { id: number; company_name: string; logo: string | null; logo_small: string | null };
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** The company logo in settings: both display sizes, upload (then crop) and remove. */
export function LogoSettings({ companyId }: { companyId: number }) {
  const qc = useQueryClient();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [removing, setRemoving] = useState<'ask' | 'busy' | null>(null);
  const q = useQuery({ queryKey: ['companies', companyId], queryFn: async () => (await api<Company>(`/companies/${companyId}`)).data });
  const company = q.data;

  function choose(e: React.ChangeEvent<HTMLInputElement>) {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    if (!ACCEPT.split(',').includes(picked.type)) return toast.show('error', LOGO_BAD_TYPE);
    if (picked.size > LOGO_MAX_BYTES) return toast.show('error', LOGO_TOO_LARGE);
    setFile(picked);
  }

  async function upload(crop: LogoCrop) {
    const form = new FormData();
    form.append('logo', file!);
    for (const [k, v] of Object.entries(crop)) form.append(k, String(v));
    try {
      await api(`/companies/${companyId}/logo`, { method: 'PUT', body: form });
    } catch (error) {
      throw new Error(errorMessage(error));
    }
    setFile(null);
    toast.show('success', 'Updated successfully');
    await qc.invalidateQueries({ queryKey: ['companies', companyId] });
  }

  async function remove() {
    setRemoving('busy');
    try {
      await api(`/companies/${companyId}/logo`, { method: 'DELETE' });
      toast.show('success', 'Updated successfully');
      await qc.invalidateQueries({ queryKey: ['companies', companyId] });
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setRemoving(null);
    }
  }

  const name = company?.company_name ?? 'Company';
  return (
    <section aria-labelledby="logo-title" className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="logo-title" className="text-base font-semibold text-slate-900">
        Logo
      </h2>
      <p className="mt-1 text-sm text-slate-500">PNG, JPEG, WebP or GIF, up to 5 MB. Shown on your jobs at two sizes.</p>
      <div className="mt-4 flex flex-wrap items-end gap-6" data-testid="logo-previews">
        <figure className="flex flex-col gap-1">
          <CompanyLogo src={company?.logo ?? null} name={name} {...LOGO_SIZES.large} />
          <figcaption className="text-xs text-slate-500">Job page, 343×133</figcaption>
        </figure>
        <figure className="flex flex-col gap-1">
          <CompanyLogo src={company?.logo_small ?? null} name={name} {...LOGO_SIZES.small} />
          <figcaption className="text-xs text-slate-500">Lists, 49×19</figcaption>
        </figure>
      </div>
      <div className="mt-5 flex flex-wrap gap-3">
        <input ref={input} type="file" accept={ACCEPT} className="hidden" id="logo-file" onChange={choose} aria-label="Choose a logo image" />
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={!company}>
          {company?.logo ? 'Change logo' : 'Upload logo'}
        </Button>
        {company?.logo && (
          <Button variant="ghost" onClick={() => setRemoving('ask')}>
            Remove logo
          </Button>
        )}
      </div>
      {file && (
        <LogoCropDialog
          file={file}
          onCancel={() => setFile(null)}
          onSave={upload}
          onUnreadable={() => {
            // Its type said image, its bytes do not decode as one: the same word as any other bad file.
            setFile(null);
            toast.show('error', LOGO_BAD_TYPE);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove the logo?"
        description="Your jobs show the default logo until you upload a new one."
        confirmLabel="Remove"
        cancelLabel="Cancel"
        tone="danger"
        loading={removing === 'busy'}
        onConfirm={remove}
      />
    </section>
  );
}
