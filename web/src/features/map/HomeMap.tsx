// The map at the top of the signed-in home (issue 21, decision in docs/decisions.md): the things
// around the user (their own things, or their location when they allowed it before), with the
// list beside it or in a bottom sheet on a phone. The basemap is the one chosen on /map; of the
// layers only things and water points are drawn here. The full map with every layer is /map.
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useQuery } from "urql";
import { DEFAULT_CENTRE } from "../../components/environment/env-format.ts";
import { DEFAULT_OVERLAYS, loadMapPrefs } from "../../components/environment/map-prefs.ts";
import { pageBasemapSettings } from "../../components/environment/map-styles.ts";
import { CareMap } from "./CareMap.tsx";
import { myThingsBounds } from "./map-data.ts";
import { useNarrow } from "./map-hooks.ts";
import { MapMyThingsDocument as MapMyThings } from "./MapMyThings.generated.ts";

const noop = () => {};

/** `title` and `fullMap` (the link to /map) are the home page's words, in the reader's language. */
export function HomeMap({ title, fullMap }: { title: string; fullMap: string }) {
  const narrow = useNarrow();
  const settings = useMemo(() => pageBasemapSettings(), []);
  const [prefs] = useState(() => loadMapPrefs());
  const basemap = settings.basemaps.find((x) => x.id === prefs.basemap) ?? settings.basemaps.find((x) => x.id === settings.defaultId)!;
  const overlays = useMemo(
    () => ({
      ...DEFAULT_OVERLAYS,
      things: true,
      waterPoints: prefs.overlays.waterPoints,
      stations: false,
      soilscapes: false,
      bLines: false,
    }),
    [prefs],
  );
  const [mine] = useQuery({ query: MapMyThings });
  const fitTo = useMemo(() => myThingsBounds(mine.data), [mine.data]);
  const [initialView] = useState(() => ({ ...DEFAULT_CENTRE, zoom: 14 }));
  return (
    <section className="home-care-map" aria-labelledby="home-map-title">
      <div className="home-care-map-head">
        <h2 id="home-map-title">{title}</h2>
        <Link to="/map">{fullMap}</Link>
      </div>
      <div className="home-care-map-stage">
        <CareMap
          basemap={basemap}
          overlays={overlays}
          thingsRetry={0}
          initialView={initialView}
          fitTo={fitTo}
          fitPending={!mine.data && !mine.error}
          openOnLocation={Boolean(mine.data) && !fitTo}
          narrow={narrow}
          signedIn
          onBasemapStatus={noop}
          onOverlayStatus={noop}
        />
      </div>
    </section>
  );
}
