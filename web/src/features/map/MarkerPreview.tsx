// The things drawn before the map library has loaded (issue 21: markers before the basemap and
// without it). maplibre is a large download and takes a while to start; meanwhile this asks for
// the things of the view the map will open on (the same question the map asks first, so its
// answer then comes from the cache) and places the same markers by hand, on the plain
// background, with Web Mercator (projection.ts). The map's own markers replace these once it
// has loaded. The list beside the map fills from the same answer, and a thing can be chosen
// here already; clusters wait for the map (they zoom it).
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { useQuery } from "urql";
import type { Coordinates } from "../../components/environment/env-format.ts";
import { isThirsty } from "../../components/water-need/water-need.ts";
import { coveringArea, openingView, type StageSize } from "./first-view.ts";
import { mapThings, thingsArea, type MapThing, type ThingsArea } from "./map-data.ts";
import { ClusterButton, ThingButton } from "./marker-buttons.tsx";
import { screenBox, toScreen, type ScreenView } from "./projection.ts";
import { markFirstScreenShown } from "../../lib/first-screen.ts";
import { useStampThingsDrawn, type MapTimings } from "./use-map-debug.ts";
import { MapThingsInViewDocument as MapThingsInView } from "./MapThingsInView.generated.ts";
import styles from "./map.module.css";

export function MarkerPreview({
  initialView,
  fitTo,
  waitForFit = false,
  needsWaterOnly,
  selectedId,
  onSelect,
  onThingsInView,
  onSettled,
  firstArea = null,
  expectedSize = null,
  onStageSize,
  timings,
}: {
  initialView: Coordinates & { zoom: number };
  fitTo: [[number, number], [number, number]] | null;
  /** fitTo is on its way: ask for nothing until it is here (or known to be absent). */
  waitForFit?: boolean;
  needsWaterOnly: boolean;
  selectedId: string | null;
  onSelect(thing: MapThing): void;
  /** The things of the answer, for the list beside the map (as the map itself reports them). */
  onThingsInView(things: MapThing[]): void;
  /** Called once the things' first answer (or error) is in: the map library may load now. */
  onSettled?(): void;
  /** The area asked before the page rendered (first-view.ts): asked instead when it covers this view's. */
  firstArea?: ThingsArea | null;
  /** The size it is expected to measure (first-view.ts), so the first render can draw already. */
  expectedSize?: StageSize | null;
  /** The map's measured size, to be kept for the next visit (first-view.ts). */
  onStageSize?(size: StageSize): void;
  timings: RefObject<MapTimings>;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<StageSize | null>(expectedSize);
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return;
    const measure = () => {
      const { width, height } = node.getBoundingClientRect();
      if (width > 0 && height > 0) setSize((old) => (old && old.width === width && old.height === height ? old : { width, height }));
    };
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(node);
    return () => observer?.disconnect();
  }, []);

  const view: ScreenView | null = useMemo(() => {
    if (!size) return null;
    return openingView(initialView, fitTo, size);
  }, [size, fitTo, initialView]);
  useEffect(() => {
    if (size) onStageSize?.(size);
  }, [size, onStageSize]);
  const area = useMemo(() => coveringArea(view ? thingsArea(screenBox(view), view.zoom) : null, firstArea), [view, firstArea]);
  const [result] = useQuery({
    query: MapThingsInView,
    variables: area ?? { west: 0, south: 0, east: 1, north: 1, zoom: 0 },
    pause: !area || waitForFit,
  });
  const answer = useMemo(() => mapThings(result.data), [result.data]);
  useStampThingsDrawn(timings, Boolean(answer));
  useEffect(() => {
    if (answer) onThingsInView(answer.things);
  }, [answer, onThingsInView]);
  const settled = Boolean(result.data || result.error);
  useEffect(() => {
    if (!settled) return;
    onSettled?.();
    // The map's things are the first screen's data on / and /map (lib/first-screen.ts).
    markFirstScreenShown();
  }, [settled, onSettled]);

  const inside = (x: number, y: number) => view !== null && x > -30 && y > -30 && x < view.width + 30 && y < view.height + 30;
  return (
    <div ref={box} className={`${styles.preview} map-preview`} data-map-preview="true">
      {view && answer
        ? answer.clusters
            .filter((c) => !needsWaterOnly || c.needsWater > 0)
            .map((c) => {
              const { x, y } = toScreen(view, c.latitude, c.longitude);
              return inside(x, y) ? (
                <div
                  key={`${c.latitude},${c.longitude}`}
                  className={styles.previewMarker}
                  style={{ transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` }}
                >
                  <ClusterButton cluster={c} needsWaterOnly={needsWaterOnly} />
                </div>
              ) : null;
            })
        : null}
      {view && answer
        ? answer.things
            .filter((t) => !needsWaterOnly || isThirsty(t.waterNeed))
            .map((t) => {
              const { x, y } = toScreen(view, t.latitude, t.longitude);
              return inside(x, y) ? (
                <div key={t.id} className={styles.previewMarker} style={{ transform: `translate(${x}px, ${y}px) translate(-50%, -50%)` }}>
                  <ThingButton thing={t} selected={selectedId === t.id} onClick={() => onSelect(t)} />
                </div>
              ) : null;
            })
        : null}
    </div>
  );
}
