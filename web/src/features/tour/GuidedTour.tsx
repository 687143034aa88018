// A guided tour: one short step at a time, each pointing at a part of the page (an element with
// `data-tour="<target>"`), in a modal dialog that keeps the keyboard inside it.
//
//   const tour = useTour("home", session.id, { autoStart: firstVisit && dataLoaded });
//   <button onClick={tour.start}>Take the tour</button>
//   {tour.open ? <GuidedTour label="Tour of the home page" steps={steps} onClose={tour.close} /> : null}
//
// Keys: Esc ends the tour (remembered as skipped), → / ← or the Next / Back buttons move between
// steps, Enter on the step moves on, Tab stays within the step. Focus returns to where it was.
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { createPortal } from "react-dom";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { readTour, writeTour, type TourOutcome } from "./tour-storage.ts";
import styles from "./tour.module.css";
import { tourTexts } from "./texts.ts";

export interface TourStep {
  id: string;
  /** The `data-tour` value of the element to point at; none (or not on the page): a centred step. */
  target?: string;
  /** Text, or an element that says it in the reader's language (home-tour.tsx). */
  title: ReactNode;
  body: ReactNode;
}

interface Rect {
  top: number;
  left: number;
  width: number;
  height: number;
}

const PADDING = 8;
const GAP = 14;
const DOCKED_BELOW_PX = 640;

function findTarget(target: string | undefined): HTMLElement | null {
  if (!target || !/^[\w-]+$/.test(target) || typeof document === "undefined") return null;
  const element = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (!element) return null;
  const rect = element.getBoundingClientRect();
  return rect.width > 0 || rect.height > 0 ? element : null;
}

function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : true;
}

const nextFrame = (callback: () => void): number =>
  typeof requestAnimationFrame === "function" ? requestAnimationFrame(callback) : window.setTimeout(callback, 16);
const cancelFrame = (id: number) => (typeof cancelAnimationFrame === "function" ? cancelAnimationFrame(id) : window.clearTimeout(id));

const FOCUSABLE =
  'button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function GuidedTour({
  steps,
  onClose,
  label,
  initialStep = 0,
}: {
  steps: readonly TourStep[];
  onClose: (outcome: TourOutcome) => void;
  /** The dialog's accessible description of the whole tour ("Tour of the home page"). */
  label: string;
  initialStep?: number;
}) {
  const t = useT(tourTexts);
  const [index, setIndex] = useState(() => Math.min(Math.max(0, initialStep), steps.length - 1));
  const [rect, setRect] = useState<Rect | null>(null);
  const [dialogSize, setDialogSize] = useState<{ width: number; height: number }>({ width: 360, height: 220 });
  const [viewport, setViewport] = useState(() => ({
    width: typeof window === "undefined" ? 1024 : window.innerWidth,
    height: typeof window === "undefined" ? 768 : window.innerHeight,
  }));
  const dialog = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<Element | null>(typeof document === "undefined" ? null : document.activeElement);
  const titleId = useId();
  const bodyId = useId();
  const step = steps[index];
  const last = index === steps.length - 1;

  const next = useCallback(() => {
    if (last) onClose("finished");
    else setIndex((i) => Math.min(i + 1, steps.length - 1));
  }, [last, onClose, steps.length]);
  const back = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);

  // Point at this step's element: bring it into view, then follow it while the page moves.
  useEffect(() => {
    const element = findTarget(step?.target);
    if (element && typeof element.scrollIntoView === "function") {
      // On narrow screens the step sits at the bottom, so the element goes to the top.
      const narrow = window.innerWidth < DOCKED_BELOW_PX;
      element.scrollIntoView({
        block: narrow ? "start" : "center",
        inline: "nearest",
        behavior: prefersReducedMotion() ? "auto" : "smooth",
      });
    }
    let frame = 0;
    const measure = () => {
      cancelFrame(frame);
      frame = nextFrame(() => {
        setViewport({ width: window.innerWidth, height: window.innerHeight });
        const current = findTarget(step?.target);
        if (!current) {
          setRect(null);
          return;
        }
        const r = current.getBoundingClientRect();
        setRect((previous) =>
          previous && previous.top === r.top && previous.left === r.left && previous.width === r.width && previous.height === r.height
            ? previous
            : { top: r.top, left: r.left, width: r.width, height: r.height },
        );
      });
    };
    measure();
    window.addEventListener("scroll", measure, true);
    window.addEventListener("resize", measure);
    // Smooth scrolling moves the element for a while without always firing scroll on window.
    const settle = window.setInterval(measure, 150);
    const stopSettling = window.setTimeout(() => window.clearInterval(settle), 1200);
    return () => {
      cancelFrame(frame);
      window.clearInterval(settle);
      window.clearTimeout(stopSettling);
      window.removeEventListener("scroll", measure, true);
      window.removeEventListener("resize", measure);
    };
  }, [step?.target]);

  // Each step takes the focus, so a screen reader reads its title and text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each step takes the focus: the effect runs on the step's index
  useEffect(() => {
    dialog.current?.focus({ preventScroll: true });
  }, [index]);

  useLayoutEffect(() => {
    const node = dialog.current;
    if (!node) return;
    const { width, height } = node.getBoundingClientRect();
    if (width && height && (width !== dialogSize.width || height !== dialogSize.height)) setDialogSize({ width, height });
  });

  // The page behind is out of reach while the tour is open; focus goes back afterwards.
  useEffect(() => {
    const root = document.getElementById("root");
    const wasInert = root?.inert ?? false;
    if (root) root.inert = true;
    const keepFocus = (event: FocusEvent) => {
      if (dialog.current && event.target instanceof Node && !dialog.current.contains(event.target)) {
        dialog.current.focus({ preventScroll: true });
      }
    };
    document.addEventListener("focusin", keepFocus);
    const previous = returnFocus.current;
    return () => {
      document.removeEventListener("focusin", keepFocus);
      if (root) root.inert = wasInert;
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose("skipped");
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      back();
    } else if (event.key === "Enter" && event.target === dialog.current) {
      event.preventDefault();
      next();
    } else if (event.key === "Tab" && dialog.current) {
      const focusables = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (focusables.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusables[0];
      const lastFocusable = focusables[focusables.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog.current)) {
        event.preventDefault();
        lastFocusable.focus();
      } else if (!event.shiftKey && active === lastFocusable) {
        event.preventDefault();
        first.focus();
      }
    }
  };

  if (!step || typeof document === "undefined") return null;

  const docked = viewport.width < DOCKED_BELOW_PX;
  const spot = rect
    ? {
        top: rect.top - PADDING,
        left: rect.left - PADDING,
        width: rect.width + PADDING * 2,
        height: rect.height + PADDING * 2,
      }
    : null;

  let position: CSSProperties | undefined;
  let placement: "below" | "above" | "beside" | "center" | "docked" = "center";
  if (docked) {
    placement = "docked";
  } else if (spot) {
    const width = Math.min(dialogSize.width, viewport.width - 32);
    const height = dialogSize.height;
    const left = Math.min(Math.max(16, spot.left), viewport.width - width - 16);
    const below = spot.top + spot.height + GAP;
    const above = spot.top - GAP - height;
    const top = Math.min(Math.max(16, spot.top), viewport.height - height - 16);
    const right = spot.left + spot.width + GAP;
    const leftSide = spot.left - GAP - width;
    if (below + height <= viewport.height - 8) {
      placement = "below";
      position = { top: below, left };
    } else if (above >= 8) {
      placement = "above";
      position = { top: above, left };
    } else if (right + width <= viewport.width - 8) {
      // A tall element: beside it, where there is room.
      placement = "beside";
      position = { top, left: right };
    } else if (leftSide >= 8) {
      placement = "beside";
      position = { top, left: leftSide };
    } else {
      // No room anywhere: at the bottom of the screen, over the element's lower part.
      placement = "docked";
    }
  }

  return createPortal(
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the dimmed page only keeps the focus in the step; the step's buttons are the controls
    <div
      className={styles.layer}
      // A click on the dimmed page keeps the focus in the step (and the keys working).
      onMouseDown={(event) => {
        if (!dialog.current?.contains(event.target as Node)) event.preventDefault();
      }}
    >
      {spot ? <div className={styles.spotlight} aria-hidden="true" style={spot} /> : <div className={styles.backdrop} aria-hidden="true" />}
      <div
        ref={dialog}
        className={
          placement === "center"
            ? `${styles.dialog} ${styles.dialogCenter}`
            : placement === "docked"
              ? `${styles.dialog} ${styles.dialogDocked}`
              : styles.dialog
        }
        style={position}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        aria-roledescription="tour step"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <p className={styles.progress}>
          <span className="visually-hidden">{label}: </span>
          {t("tour.progress", { step: index + 1, count: steps.length })}
        </p>
        <h2 id={titleId} className={styles.title}>
          {step.title}
        </h2>
        <div id={bodyId} className={styles.body}>
          {step.body}
        </div>
        <ol className={styles.dots} aria-hidden="true">
          {steps.map((s, i) => (
            <li
              key={s.id}
              className={i === index ? `${styles.dot} ${styles.dotCurrent}` : i < index ? `${styles.dot} ${styles.dotDone}` : styles.dot}
            />
          ))}
        </ol>
        <div className={styles.actions}>
          <button type="button" className={styles.skip} onClick={() => onClose("skipped")}>
            {last ? t("tour.close") : t("tour.skip")}
          </button>
          <span className={styles.nav}>
            {index > 0 ? (
              <button type="button" className="button button-secondary" onClick={back}>
                {t("tour.back")}
              </button>
            ) : null}
            <button type="button" className="button" onClick={next}>
              {last ? t("tour.finish") : t("tour.next")}
            </button>
          </span>
        </div>
        <p className={styles.keys}>{t("tour.keys")}</p>
      </div>
    </div>,
    document.body,
  );
}

export interface TourControls {
  open: boolean;
  /** Finished or skipped before (in this browser, by this person). */
  seen: boolean;
  start(): void;
  close(outcome: TourOutcome): void;
}

/**
 * Open/closed state of a tour, and its memory: it opens by itself once `autoStart` turns true for
 * a person who has neither finished nor skipped it, and closing it (either way) is remembered.
 */
export function useTour(tourId: string, personKey: string, { autoStart = false }: { autoStart?: boolean } = {}): TourControls {
  const [open, setOpen] = useState(false);
  const [seen, setSeen] = useState(() => readTour(tourId, personKey) !== null);
  const started = useRef<string | null>(null);

  useEffect(() => {
    setSeen(readTour(tourId, personKey) !== null);
  }, [tourId, personKey]);

  useEffect(() => {
    if (!autoStart || started.current === personKey) return;
    started.current = personKey;
    if (readTour(tourId, personKey) === null) setOpen(true);
  }, [autoStart, tourId, personKey]);

  const start = useCallback(() => setOpen(true), []);
  const close = useCallback(
    (outcome: TourOutcome) => {
      writeTour(tourId, personKey, outcome);
      setSeen(true);
      setOpen(false);
    },
    [tourId, personKey],
  );
  return { open, seen, start, close };
}
