import { useState } from 'react';

/** The time the component first rendered: dates in labels stay stable across re-renders. */
export function useNow(): Date {
  const [now] = useState(() => new Date());
  return now;
}
