import { clsx } from 'clsx';
import type { CardView } from '@/lib/payments/payment-methods';

const BRAND: Record<string, string> = {
  Visa: 'from-blue-700 to-blue-900',
  Mastercard: 'from-orange-500 to-red-600',
  Amex: 'from-sky-500 to-sky-700',
  Discover: 'from-amber-500 to-orange-600',
};

/** A saved card as a small card face: brand, masked number, holder and expiry. */
export function SavedCard({ card, compact }: { card: Pick<CardView, 'card_type' | 'masked_number' | 'expiration_date' | 'card_holder_name'>; compact?: boolean }) {
  return (
    <div
      className={clsx(
        'relative overflow-hidden rounded-2xl bg-gradient-to-br text-white shadow-md',
        BRAND[card.card_type] ?? 'from-slate-700 to-slate-900',
        compact ? 'w-full max-w-xs p-4' : 'w-full max-w-sm p-5',
      )}
      data-testid="saved-card"
    >
      <div aria-hidden className="absolute -right-10 -top-10 size-40 rounded-full bg-white/10" />
      <div className="relative flex items-start justify-between">
        <span className="text-xs font-medium uppercase tracking-widest text-white/70">Credit card</span>
        <span className="text-sm font-bold italic tracking-wide">{card.card_type}</span>
      </div>
      <p className={clsx('relative font-mono tracking-widest', compact ? 'mt-5 text-base' : 'mt-7 text-lg')}>{card.masked_number}</p>
      <div className="relative mt-4 flex items-end justify-between gap-4 text-sm">
        <div className="min-w-0">
          <p className="text-[10px] uppercase tracking-wider text-white/60">Card holder</p>
          <p className="truncate font-medium">{card.card_holder_name}</p>
        </div>
        <div className="text-right">
          <p className="text-[10px] uppercase tracking-wider text-white/60">Expires</p>
          <p className="font-medium">{card.expiration_date}</p>
        </div>
      </div>
    </div>
  );
}
