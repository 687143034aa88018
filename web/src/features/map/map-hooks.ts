// Small hooks of the map: keep the last answer while the next loads, wait for a value to settle,
// and whether the screen is a phone's (the list goes into a bottom sheet).
import { useEffect, useRef, useState } from "react";

/** Keeps the last answer while a new one loads, so layers do not blink on every pan. */
export function useLastValue<T>(value: T | null | undefined, reset: boolean): T | null {
  const [kept, setKept] = useState<T | null>(null);
  useEffect(() => {
    if (value !== undefined && value !== null) setKept(value);
  }, [value]);
  useEffect(() => {
    if (reset) setKept(null);
  }, [reset]);
  return value ?? kept;
}

/** The value once it has stayed put for `ms` (the first one at once, so the map fills quickly). */
export function useSettled<T>(value: T | null, key: string | null, ms: number): T | null {
  const [settled, setSettled] = useState<T | null>(value);
  const latest = useRef(value);
  latest.current = value;
  const started = useRef(value !== null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key starts afresh: the effect runs on it, it doesn't read it
  useEffect(() => {
    if (!started.current && latest.current !== null) {
      started.current = true;
      setSettled(latest.current);
      return;
    }
    const timer = setTimeout(() => setSettled(latest.current), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

const NARROW = "(max-width: 720px)";

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== "undefined" && window.matchMedia?.(NARROW).matches === true);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const update = () => setNarrow(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return narrow;
}
