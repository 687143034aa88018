import type { Branding } from "../../../shared/branding.ts";

/** A small logo drawn in the brand's colours: a leaf for stewards, a honeycomb cell for bees. */
export function BrandMark({ branding, size = 28 }: { branding: Branding; size?: number }) {
  if (branding.key === "bee") {
    return (
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <polygon points="16,2 28,9 28,23 16,30 4,23 4,9" fill={branding.accentColor} />
        <polygon points="16,9 22,12.5 22,19.5 16,23 10,19.5 10,12.5" fill="#fff" opacity="0.85" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#fff" opacity="0.95" />
      <path d="M9 23c0-9 6-14 15-14 0 9-5 15-14 15" fill={branding.primaryColor} />
      <path d="M9 23c3-4 6-7 10-9" stroke="#fff" strokeWidth="1.6" fill="none" strokeLinecap="round" />
    </svg>
  );
}
