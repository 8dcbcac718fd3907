/**
 * What a 404 for an id no row can have (`/jobs/0`, `/jobs/0x1`) says: the same words the route's
 * own service uses for a row that is not there, so `/jobs/0/apply` and `/jobs/99999/apply` answer
 * alike. Keyed by the path segment before the id; a segment not listed keeps the generic words.
 */
const NOUN_BEFORE_ID: Readonly<Record<string, string>> = {
  jobs: 'Job',
  'job-views': 'Job',
  tag: 'Job',
  applicants: 'Applicant',
  companies: 'Company',
  employers: 'User',
  employer: 'User',
  user: 'User',
  invoices: 'Invoice',
  channels: 'Channel',
  posts: 'Post',
  news: 'Post',
  ads: 'Ad',
  albums: 'Album',
  logo: 'Logo',
  subscriptions: 'Subscription',
};

export function missingRowMessage(pathname: string, id: string): string {
  const segments = pathname.split('/');
  const at = segments.indexOf(id);
  const noun = at > 0 ? NOUN_BEFORE_ID[segments[at - 1]] : undefined;
  return noun ? `${noun} not found.` : 'Not found.';
}
