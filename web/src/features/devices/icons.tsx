// Small line icons for the device models and the indicator dot. Decorative: the model's name is
// always written beside them.
import type { CSSProperties } from "react";
import { normaliseColour, type IndicatorColour } from "./device-meta.ts";
import styles from "./devices.module.css";

/** A model's own tint for its badge; other models keep the brand's. */
const MODEL_CLASS: Record<string, string | undefined> = { LSPH01: styles.modelLsph01, THE_THINGS_UNO: styles.modelTheThingsUno };

/** An indicator colour's dot (grey is the plain dot's colour). */
const DOT_CLASS: Record<IndicatorColour, string> = {
  blue: `${styles.dot} ${styles.dotBlue}`,
  green: `${styles.dot} ${styles.dotGreen}`,
  orange: `${styles.dot} ${styles.dotOrange}`,
  red: `${styles.dot} ${styles.dotRed}`,
  grey: styles.dot,
};

const common = {
  viewBox: "0 0 32 32",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
  focusable: false,
};

/** A soil probe under a water drop (LSE01). */
function MoistureIcon({ size }: { size: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M16 3c3.5 4.4 6 7.6 6 10.6a6 6 0 0 1-12 0C10 10.6 12.5 7.4 16 3z" />
      <path d="M4 23h24" />
      <path d="M12 23v6M16 23v6M20 23v6" />
    </svg>
  );
}

/** A test tube with a scale (LSPH01). */
function PhIcon({ size }: { size: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <path d="M11 3h10" />
      <path d="M13 3v19a3 3 0 0 0 6 0V3" />
      <path d="M13 15h6" />
      <path d="M24 8h4M24 13h3M24 18h4" />
      <path d="M4 28h24" />
    </svg>
  );
}

/** A pump with an outlet and a drop (The Things Uno). */
function PumpIcon({ size }: { size: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <rect x="4" y="12" width="13" height="14" rx="2" />
      <path d="M10.5 12V7h9v4h5" />
      <path d="M24.5 11v4" />
      <path d="M24.5 19c1.6 2 2.5 3.4 2.5 4.5a2.5 2.5 0 0 1-5 0c0-1.1.9-2.5 2.5-4.5z" />
      <path d="M8 19h5" />
    </svg>
  );
}

function GenericIcon({ size }: { size: number }) {
  return (
    <svg {...common} width={size} height={size}>
      <rect x="7" y="7" width="18" height="18" rx="3" />
      <path d="M12 3v4M20 3v4M12 25v4M20 25v4M3 12h4M3 20h4M25 12h4M25 20h4" />
    </svg>
  );
}

export function ModelIcon({ model, size = 28 }: { model: string | null | undefined; size?: number }) {
  switch (model) {
    case "LSE01":
      return <MoistureIcon size={size} />;
    case "LSPH01":
      return <PhIcon size={size} />;
    case "THE_THINGS_UNO":
      return <PumpIcon size={size} />;
    default:
      return <GenericIcon size={size} />;
  }
}

/** The model icon on a tinted tile, for lists and headers. */
export function ModelBadge({ model, size = 56, fill = false }: { model: string | null | undefined; size?: number; fill?: boolean }) {
  // `fill`: as large as the box around it (list pictures); otherwise `size` pixels square.
  const style: CSSProperties | undefined = fill ? undefined : { width: size, height: size };
  return (
    <span
      className={[styles.modelBadge, MODEL_CLASS[model ?? ""], fill ? styles.modelBadgeFill : null].filter(Boolean).join(" ")}
      style={style}
      aria-hidden="true"
    >
      <ModelIcon model={model} size={Math.round(size * 0.55)} />
    </span>
  );
}

/** The indicator colour as a dot (its meaning is written beside it). */
export function ColourDot({ colour, size = 12 }: { colour: string | null | undefined; size?: number }) {
  return <span className={DOT_CLASS[normaliseColour(colour)]} style={{ width: size, height: size }} aria-hidden="true" />;
}
