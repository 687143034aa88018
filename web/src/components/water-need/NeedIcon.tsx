// The icons of the water needs (water-need.ts): drawn in the marker's shape, white on its colour.
import type { NeedIcon as Icon } from "./water-need.ts";

const PATHS: Record<Icon, string> = {
  drop: "M12 3.5c-3 4.2-5.5 7.3-5.5 10.3a5.5 5.5 0 0 0 11 0c0-3-2.5-6.1-5.5-10.3z",
  clock: "M12 4.5a7.5 7.5 0 1 0 0 15 7.5 7.5 0 0 0 0-15zm0 2.2v5.6l3.6 2.1",
  check: "M5.5 12.5l4.2 4.2L18.5 7.8",
  question: "M9.2 9.3a2.9 2.9 0 1 1 4.1 2.6c-.8.4-1.3 1-1.3 1.9v.8M12 17.6v.2",
};

export function NeedIcon({ icon, size = 14, colour = "#fff" }: { icon: Icon; size?: number; colour?: string }) {
  const filled = icon === "drop";
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" data-icon={icon}>
      <path
        d={PATHS[icon]}
        fill={filled ? colour : "none"}
        stroke={colour}
        strokeWidth={filled ? 0 : 2.6}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
