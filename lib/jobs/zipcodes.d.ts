// The `zipcodes` package ships no types; this covers the two lookups lib/jobs/geocode.ts uses.
declare module 'zipcodes' {
  type ZipPlace = { zip: string; latitude: number; longitude: number; city: string; state: string; country: string };
  const zipcodes: {
    lookup(zip: string): ZipPlace | undefined;
    lookupByName(city: string, state: string): ZipPlace[];
  };
  export default zipcodes;
}
