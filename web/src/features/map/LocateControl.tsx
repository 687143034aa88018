// "Locate me" as a map control under the zoom buttons.
import { useEffect, useRef } from "react";
import { useControl, type IControl } from "react-map-gl/maplibre";
import styles from "./map.module.css";

/** "Locate me" as a map control under the zoom buttons. */
class LocateControl implements IControl {
  private container: HTMLDivElement | null = null;
  private button: HTMLButtonElement | null = null;
  constructor(private readonly onLocate: () => void) {}
  onAdd() {
    const container = document.createElement("div");
    container.className = "maplibregl-ctrl maplibregl-ctrl-group";
    const button = document.createElement("button");
    button.type = "button";
    button.className = styles.locateButton;
    button.title = "Locate me";
    button.setAttribute("aria-label", "Locate me");
    button.innerHTML =
      '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="3.2" fill="currentColor"/><circle cx="12" cy="12" r="7.2" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M12 1.8v3.4M12 18.8v3.4M1.8 12h3.4M18.8 12h3.4" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/></svg>';
    button.addEventListener("click", () => this.onLocate());
    container.appendChild(button);
    this.container = container;
    this.button = button;
    return container;
  }
  onRemove() {
    this.container?.remove();
    this.container = null;
  }
  setBusy(busy: boolean) {
    if (!this.button) return;
    this.button.disabled = busy;
    this.button.setAttribute("aria-busy", String(busy));
  }
}

export function LocateButton({ onLocate, busy }: { onLocate: () => void; busy: boolean }) {
  const handler = useRef(onLocate);
  handler.current = onLocate;
  const control = useControl(() => new LocateControl(() => handler.current()), { position: "top-right" });
  useEffect(() => control.setBusy(busy), [control, busy]);
  return null;
}
