'use client';

import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delay` ms (the grids' 300 ms, accounts spec §9). */
export function useDebounced<T>(value: T, delay = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
