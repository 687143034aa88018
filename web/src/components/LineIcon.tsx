// The frame of the app's line icons: a 24-unit square drawn in currentColor with round 1.8 strokes
// (no icon font, no emoji: headless and older systems render both badly). Decorative: a text label
// always goes with them, so they are hidden from assistive technology.
import type { ReactNode } from "react";

export function LineIcon({ children, size = 20, className }: { children: ReactNode; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** A drop of water (watering). */
export const dropPath = <path d="M12 3.5c3.2 4.1 5.5 7.2 5.5 10a5.5 5.5 0 0 1-11 0c0-2.8 2.3-5.9 5.5-10z" />;
