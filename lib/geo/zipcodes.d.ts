declare module 'zipcodes/lib/codes' {
  const data: {
    codes: Record<string, { zip: string; latitude: number; longitude: number; city: string; state: string; country: string }>;
    stateMap: Record<string, string[]>;
  };
  export = data;
}
