/** The 50 US states plus DC (jobs spec §5 "States"), the only places an address may be in. */
export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'],
  ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'],
  ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'],
  ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'],
  ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'],
  ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code, name })) as readonly { code: string; name: string }[];

export const US_STATE_CODES = US_STATES.map((s) => s.code) as readonly string[];

const byCode = new Map(US_STATES.map((s) => [s.code, s.name]));
const byName = new Map(US_STATES.map((s) => [s.name.toUpperCase(), s.code]));

export function stateName(code: string): string | undefined {
  return byCode.get(code.toUpperCase());
}

/** 'tx', 'Texas' or 'TEXAS' → 'TX'; undefined when it is not one of the 51. */
export function stateCode(input: string): string | undefined {
  const v = input.trim().replace(/\.$/, '').toUpperCase();
  if (byCode.has(v)) return v;
  return byName.get(v.replace(/\s+/g, ' '));
}
