import { BOOST_DAYS, type AddonType } from '@/lib/jobs/codes';

/** What each add-on does, in the words the wizard and the job detail use. */
export const ADDON_INFO: Record<AddonType, { title: string; text: string }> = {
  boost: { title: 'Boost', text: `Top of drivers' search results and matches for ${BOOST_DAYS} days.` },
  promote: { title: 'Promote', text: 'Featured in the drivers app highlights and job alerts.' },
  hyperlink: { title: 'Hyperlink', text: 'Send applicants to your own careers page or application form.' },
};
