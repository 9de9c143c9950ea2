'use client';

import { useEffect, useRef, useState } from 'react';
import { nextLabelChange } from './relative-date';

/** However far off the next change, the list looks again within this (a computer woken from sleep). */
const LONGEST_SLEEP = 60 * 60_000;

/**
 * The time the list's relative dates are told at: one timer for the whole list, set for the
 * moment the first of its labels changes, so rows re-render only when one of them would read
 * differently (not on every tick of a per-row timer).
 */
export function useListClock(modifiedAts: readonly string[]): number {
  const [now, setNow] = useState(() => Date.now());
  // One string, so that a new array of the same dates keeps the timer.
  const key = modifiedAts.join('\n');
  const toldFor = useRef(key);

  useEffect(() => {
    // Rows that came in since (a page of older threads, a thread moved up) are told at the time now.
    const current = Date.now();
    if (toldFor.current !== key) {
      toldFor.current = key;
      setNow(current);
    }
    let next = current + LONGEST_SLEEP;
    for (const modifiedAt of key.split('\n')) {
      const change = nextLabelChange(modifiedAt, current);
      if (change !== null && change < next) next = change;
    }
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, next - current));
    return () => clearTimeout(timer);
  }, [key, now]);

  // A background tab's timers are slowed down: a tab shown again catches up at once.
  useEffect(() => {
    const catchUp = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', catchUp);
    return () => document.removeEventListener('visibilitychange', catchUp);
  }, []);

  return now;
}
