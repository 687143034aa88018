// The lower part of a long page, drawn once the top has been painted (issue 27). On a phone slowed
// 4x the home page's first render took 210 ms of script and 70 ms of layout for a page ten screens
// tall, and the first paint (its largest text, at the top) waited for all of it. What is below the
// first screen now renders in the frame after, as a transition (input still goes first).
//
//   <AfterFirstPaint>{cards below the fold}</AfterFirstPaint>
//   <AfterFirstPaint now={open}>{a panel hidden until opened}</AfterFirstPaint>
//
// Nothing stands in for it meanwhile: it is below the first screen, so nothing visible moves when
// it arrives. Queries of the components inside start then too (about a frame later).
import { startTransition, useEffect, useState, type ReactNode } from "react";

/** `now`: draw at once (the part is showing already, e.g. a panel that is open); once drawn, it stays. */
export function AfterFirstPaint({ children, now = false }: { children: ReactNode; now?: boolean }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // A frame, then a task: the browser has painted what the first render committed.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted || now ? children : null;
}
