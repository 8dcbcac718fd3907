import { eq } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { addDays, expireJobs, publishPaidJob } from '@/lib/jobs/lifecycle';
import { createJobSchema, type CreateJobInput } from '@/lib/jobs/schemas';
import { createJob } from '@/lib/jobs/services';
import type { Actor } from '@/lib/auth/actor';
import { POSTING_DAYS } from '@/lib/jobs/codes';
import { ROLES } from '@/lib/access';

/** A Lexical editor state of a heading-less description: paragraphs and one bulleted list. */
function lexical(intro: string, bullets: string[], outro: string) {
  const text = (t: string, format = 0) => ({ type: 'text', text: t, format, detail: 0, mode: 'normal', style: '', version: 1 });
  const block = (type: string, children: unknown[], extra: object = {}) => ({ type, children, direction: 'ltr', format: '', indent: 0, version: 1, ...extra });
  return {
    root: block('root', [
      block('paragraph', [text(intro)]),
      block('list', bullets.map((b, i) => block('listitem', [text(b)], { value: i + 1 })), { listType: 'bullet', tag: 'ul', start: 1 }),
      block('paragraph', [text('Apply today: ', 1), text(outro)]),
    ]),
  };
}

type SeedJob = { input: CreateJobInput; postedDaysAgo?: number; paid?: boolean; expire?: boolean };

const DEMO_JOBS: SeedJob[] = [
  {
    postedDaysAgo: 2,
    input: {
      title: 'CDL-A OTR Dry Van Driver',
      job_type: 'dry_van',
      home_time: 'HW',
      required_experience: 'Y1',
      job_description: lexical(
        'Run 48-state dry van freight with late-model Freightliner Cascadias and a dispatch team that answers the phone.',
        ['Average 2,800 miles a week', 'No-touch freight, 95% drop and hook', 'Paid orientation in Dallas'],
        'our recruiters call back the same day.',
      ),
      expected_pay: 1650,
      salary_type: 'weekly',
      signon_bonus: 3000,
      benefits: ['health_coverage', 'dental_coverage', 'vision_coverage', 'retirement_plan'],
      addresses: [
        { street1: '2100 Commerce St', city: 'Dallas', state: 'TX', postal_code: '75201' },
        { city: 'Oklahoma City', state: 'OK', postal_code: '73102' },
      ],
      addons: [{ addon_type: 'boost' }, { addon_type: 'promote' }],
    },
  },
  {
    postedDaysAgo: 5,
    input: {
      title: 'Regional Flatbed Driver - Home Every Weekend',
      job_type: 'flat_bed',
      home_time: 'D3',
      required_experience: 'Y2',
      job_description: lexical(
        'Haul building materials across the Southeast and be home every weekend.',
        ['Tarp pay on every load', 'Conestoga and step-deck options', 'Weekly direct deposit'],
        'two years of flatbed experience required.',
      ),
      expected_pay: 1500,
      salary_type: 'weekly',
      starting_bonus: 1000,
      endorsements: ['T'],
      benefits: ['health_coverage', 'retirement_plan'],
      auto_renew: true,
      addresses: [
        { city: 'Atlanta', state: 'GA', postal_code: '30303' },
        { city: 'Birmingham', state: 'AL', postal_code: '35203' },
      ],
      addons: [{ addon_type: 'hyperlink', external_url: 'https://example.com/careers/flatbed' }],
    },
  },
  {
    postedDaysAgo: 9,
    input: {
      title: 'Local Tanker Driver (Hazmat)',
      job_type: 'tanker',
      home_time: 'HD',
      required_experience: 'Y1',
      job_description: lexical(
        'Deliver fuel to stations around Houston on day or night shifts, home every day.',
        ['Hazmat and tanker endorsements required', 'Four 10-hour shifts', 'Overtime after 40 hours'],
        'TWIC card a plus.',
      ),
      expected_pay: 32.5,
      salary_type: 'hourly',
      endorsements: ['H', 'N', 'X', 'TWIC'],
      benefits: ['health_coverage', 'dental_coverage'],
      addresses: [{ city: 'Houston', state: 'TX', postal_code: '77002' }],
    },
  },
  {
    postedDaysAgo: 12,
    input: {
      title: 'Reefer Team Drivers - Coast to Coast',
      job_type: 'reefer',
      home_time: 'D4',
      required_experience: 'M12',
      job_description: lexical(
        'Team up on temperature-controlled freight between Phoenix and the East Coast.',
        ['Split 72 cents a mile', 'Rider and pet policy', 'Late-model Carrier units'],
        'teams and solo drivers looking for a partner welcome.',
      ),
      expected_pay: 0.72,
      salary_type: 'per_mile',
      driver_unload: false,
      addresses: [{ city: 'Phoenix', state: 'AZ', postal_code: '85004' }],
    },
  },
  {
    postedDaysAgo: 1,
    input: {
      title: 'Dump Truck Driver - Home Daily',
      job_type: 'dump_truck',
      home_time: 'HD',
      required_experience: 'M6',
      job_description: lexical(
        'Haul aggregate for road and construction projects around Denver.',
        ['Class A or B CDL', 'Year-round work', 'Paid holidays'],
        'new drivers with six months of experience welcome.',
      ),
      expected_pay: 28,
      salary_type: 'hourly',
      driver_unload: true,
      benefits: ['health_coverage'],
      addresses: [{ city: 'Denver', state: 'CO', postal_code: '80202' }],
    },
  },
  {
    postedDaysAgo: 40,
    expire: true,
    input: {
      title: 'Hotshot Owner Operator',
      job_type: 'hotshot',
      home_time: 'O',
      required_experience: 'Y2',
      job_description: lexical('Lease on with your own hotshot rig and run expedited loads.', ['88% of the line haul', 'Fuel card discounts'], 'bring your own truck.'),
      expected_pay: 95000,
      salary_type: 'yearly',
      addresses: [{ city: 'Nashville', state: 'TN', postal_code: '37203' }],
    },
  },
  {
    paid: false,
    input: {
      title: 'Refrigerated Freight Driver - Waiting for Payment',
      job_type: 'refrigerated_freight',
      home_time: 'HW',
      required_experience: 'Y1',
      job_description: lexical('A posting saved in the wizard and not paid yet.', ['Shows as Inactive in the list'], 'pay to publish it.'),
      expected_pay: 1400,
      salary_type: 'weekly',
      addresses: [{ city: 'Memphis', state: 'TN', postal_code: '38103' }],
    },
  },
];

/** Demo jobs of the demo company: live, boosted, auto-renewing, expired and unpaid ones. */
export async function seedJobs(db: Database, { companyId }: { companyId: number }, now = new Date()) {
  const [owner] = await db.select().from(users).where(eq(users.email, 'companyadmin@demo.test'));
  const actor: Actor = { userId: owner.id, email: owner.email, firstName: owner.firstName, lastName: owner.lastName, roles: [ROLES.COMPANY_ADMIN], companyId };
  for (const seed of DEMO_JOBS) {
    const created = await createJob(db, actor, createJobSchema.parse(seed.input));
    if (seed.paid === false) continue;
    const id = created.jobs[0].id;
    const postedAt = addDays(now, -(seed.postedDaysAgo ?? 0));
    await publishPaidJob(db, id, postedAt);
    if (seed.expire) await expireJobs(db, addDays(postedAt, POSTING_DAYS));
  }
  return { jobs: DEMO_JOBS.length };
}

