// The map and its list, at the top of a member's home (issue 21; docs/decisions.md). Loaded
// lazily; meanwhile a frame with the same heading and room, so nothing below moves when it arrives.
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useT } from "../../lib/i18n/locale-context.tsx";
import styles from "./home.module.css";
import { homeTexts } from "./texts.ts";

const HomeMap = lazy(() => import("../map/HomeMap.tsx").then((m) => ({ default: m.HomeMap })));

function HomeMapPlaceholder() {
  const t = useT(homeTexts);
  return (
    <section className="home-care-map" aria-label={t("home.map.aroundYou")}>
      <div className="home-care-map-head">
        <h2>{t("home.map.aroundYou")}</h2>
        <Link to="/map">{t("home.map.full")}</Link>
      </div>
      <div className="home-care-map-stage">
        <div className={styles.mapLoading} role="status">
          {t("home.map.loading")}
        </div>
      </div>
    </section>
  );
}

export function HomeMapSlot() {
  const t = useT(homeTexts);
  return (
    <div className={styles.mapSlot}>
      <Suspense fallback={<HomeMapPlaceholder />}>
        {/* The home's words for its heading and link, so the map's chunk needs no home texts. */}
        <HomeMap title={t("home.map.aroundYou")} fullMap={t("home.map.full")} />
      </Suspense>
    </div>
  );
}
