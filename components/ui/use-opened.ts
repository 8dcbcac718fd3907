import { useState } from 'react';

/**
 * True from the first render in which `open` is true, and from then on: a dialog or panel whose code
 * loads on first use (next/dynamic) mounts then, and stays mounted so that closing keeps its own
 * focus return and exit. Set during render, React's pattern for state derived from props.
 */
export function useOpened(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
