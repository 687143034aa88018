// "The page's first screen has its data": a moment that requests nobody sees on that screen wait
// for (issue 27). On a phone's slow line a page load's requests share one thin pipe and a busy
// server: the analytics session, the profile refresh and the notices bell went out with the
// screen's own queries and slowed the one its largest paint waited for (/map's things in view:
// about 400 ms instead of 200). They now go once the screen says its first answer is in, or
// FIRST_SCREEN_MAX_MS after the page started, whichever is first (screens that never say so).
import { useEffect, useState } from "react";

/** The longest the others wait, from the start of the page. */
export const FIRST_SCREEN_MAX_MS = 5000;

let markShown: () => void = () => {};
let shown: Promise<void> | null = null;
let done = false;

function firstScreen(): Promise<void> {
  shown ??= new Promise<void>((resolve) => {
    markShown = () => {
      done = true;
      resolve();
    };
    const elapsed = typeof performance === "undefined" ? 0 : performance.now();
    setTimeout(markShown, Math.max(0, FIRST_SCREEN_MAX_MS - elapsed));
  });
  return shown;
}

/** Resolves once the first screen has its data (or the wait is over). */
export function whenFirstScreenShown(): Promise<void> {
  return firstScreen();
}

/** Called by a screen when its first answer is in (and shown). Only the first call counts. */
export function markFirstScreenShown(): void {
  void firstScreen();
  markShown();
}

/** For components: false until the first screen has its data, then true. */
export function useFirstScreenShown(): boolean {
  const [ready, setReady] = useState(done);
  useEffect(() => {
    if (ready) return;
    let alive = true;
    void firstScreen().then(() => {
      if (alive) setReady(true);
    });
    return () => {
      alive = false;
    };
  }, [ready]);
  return ready;
}
