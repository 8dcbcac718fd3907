'use client';

import dynamic from 'next/dynamic';
import { CheckoutSpinner } from './checkout-parts';

/**
 * The add-ons payment screen (/company/jobs/new/payment-method?action=addons), loaded only when the
 * page shows it: imported by the page itself, it was in the first-load JS of the wizard's payment
 * step too (both share the address). It opens on a spinner anyway while its order loads.
 */
export const AddonsPaymentLazy = dynamic(() => import('./addons-payment').then((m) => m.AddonsPayment), { ssr: false, loading: () => <CheckoutSpinner /> });
