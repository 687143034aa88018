// Small line icons for action types and thing screens, drawn in currentColor (no icon font, no
// emoji: headless and older systems render both badly). Decorative: labels always accompany them.
import type { ReactNode } from "react";
import { dropPath, LineIcon } from "../../components/LineIcon.tsx";

const ACTION_PATHS: Record<string, ReactNode> = {
  // A drop of water.
  WATERING: dropPath,
  // A bin bag.
  LITTER_CLEANUP: (
    <>
      <path d="M5 7h14" />
      <path d="M9 7V4.5h6V7" />
      <path d="M6.5 7l1 12.5h9l1-12.5" />
      <path d="M10 11v5M14 11v5" />
    </>
  ),
  // A trowel.
  UPKEEP: (
    <>
      <path d="M14.5 9.5l5-5" />
      <path d="M13 6.5l4.5 4.5-6.8 6.8a3.2 3.2 0 0 1-4.5 0l0 0a3.2 3.2 0 0 1 0-4.5z" />
      <path d="M6.2 17.8L3.5 20.5" />
    </>
  ),
  // A gauge.
  MEASUREMENT: (
    <>
      <path d="M4 16a8 8 0 1 1 16 0" />
      <path d="M12 16l4-5" />
      <path d="M4 16h2M18 16h2M12 8v1.5" />
    </>
  ),
  // An open book.
  EDUCATION: (
    <>
      <path d="M3.5 5.5c3-.8 5.8-.5 8.5 1.3v12.5c-2.7-1.8-5.5-2.1-8.5-1.3z" />
      <path d="M20.5 5.5c-3-.8-5.8-.5-8.5 1.3v12.5c2.7-1.8 5.5-2.1 8.5-1.3z" />
    </>
  ),
  // Three connected dots.
  SHARE: (
    <>
      <circle cx="6" cy="12" r="2.3" />
      <circle cx="17.5" cy="6" r="2.3" />
      <circle cx="17.5" cy="18" r="2.3" />
      <path d="M8 11l7.5-4M8 13l7.5 4" />
    </>
  ),
  // A sprout.
  CREATED: (
    <>
      <path d="M12 20v-8" />
      <path d="M12 12c0-3.5-2.5-6-6.5-6 0 3.8 2.5 6 6.5 6z" />
      <path d="M12 14c0-3.5 2.3-5.8 6.5-5.8 0 3.6-2.4 5.8-6.5 5.8z" />
    </>
  ),
};

export function ActionIcon({ type, size }: { type: string; size?: number }) {
  return <LineIcon size={size}>{ACTION_PATHS[type] ?? <circle cx="12" cy="12" r="7" />}</LineIcon>;
}

export function PinIcon({ size }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <path d="M12 21s-6.5-6.1-6.5-11a6.5 6.5 0 0 1 13 0c0 4.9-6.5 11-6.5 11z" />
      <circle cx="12" cy="10" r="2.3" />
    </LineIcon>
  );
}

export function PictureIcon({ size = 36 }: { size?: number }) {
  return (
    <LineIcon size={size}>
      <rect x="3.5" y="5" width="17" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.7" />
      <path d="M4 17l5-4.5 3.5 3 3-2.5 4.5 4" />
    </LineIcon>
  );
}

export function StarIcon({ size, filled }: { size?: number; filled?: boolean }) {
  return (
    <LineIcon size={size}>
      <path d="M12 3.8l2.5 5.1 5.6.8-4 3.9 1 5.6-5.1-2.7-5.1 2.7 1-5.6-4-3.9 5.6-.8z" fill={filled ? "currentColor" : "none"} />
    </LineIcon>
  );
}
