// Symbols of the environmental layers that the map's own controls show too. A file of its own: the
// map's first screen needs the raindrop without parts.tsx's panels, texts and styles.

/** A raindrop, the rainfall stations' symbol. */
export function DropIcon({ size = 16, colour = "currentColor" }: { size?: number; colour?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M12 2.5S5 10.4 5 15a7 7 0 0 0 14 0c0-4.6-7-12.5-7-12.5z" fill={colour} />
    </svg>
  );
}
