import { redirect } from 'next/navigation';

export default function AdsIndex() {
  redirect('/ads/manage');
}
