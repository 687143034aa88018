// A carousel of things' photos, after the WAI-ARIA carousel pattern: it turns every few seconds
// unless the visitor prefers reduced motion, stops while the pointer is over it or focus is in it,
// and has a pause/play button, previous/next buttons, one button per slide, and ← / → keys.
// Only the current slide is shown to everyone, assistive technology included; while turning by
// itself the slides are not announced (aria-live off), once paused or moved by hand they are.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Picture } from "../../components/Picture.tsx";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { paths } from "../../routes/paths.ts";
import { thingTypeLabel } from "../things/thing-meta.ts";
import { ColourDot } from "./home-sections.tsx";
import type { GallerySlide } from "./home-data.ts";
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from "./icons.tsx";
import styles from "./gallery.module.css";
import { homeTexts } from "./texts.ts";

export const GALLERY_INTERVAL_MS = 6000;

function reducedMotion(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

function SlidePicture({ slide, eager }: { slide: GallerySlide; eager: boolean }) {
  const t = useT(homeTexts);
  const [failed, setFailed] = useState(false);
  if (failed) {
    return <span className={styles.missing}>{slide.name}</span>;
  }
  // The gallery is the page's width up to 1040 px: the large size on wide or dense screens, never
  // shown wider than its own pixels (Picture caps it).
  return (
    <Picture
      className={`${styles.image} gallery-image`}
      type="thing"
      id={slide.id}
      alt={t("home.gallery.photoOf", { name: slide.name })}
      sizes="(max-width: 1100px) 100vw, 1040px"
      loading={eager ? "eager" : "lazy"}
      onMissing={() => setFailed(true)}
    />
  );
}

export function GalleryCarousel({
  slides,
  title,
  intervalMs = GALLERY_INTERVAL_MS,
}: {
  slides: GallerySlide[];
  title: string;
  intervalMs?: number;
}) {
  const t = useT(homeTexts);
  const headingId = useId();
  const slidesId = useId();
  const [current, setCurrent] = useState(0);
  // The visitor's choice (the pause button) and the reasons to hold still for a moment.
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [announce, setAnnounce] = useState(false);
  const region = useRef<HTMLElement>(null);
  const count = slides.length;
  const index = count ? current % count : 0;
  const turning = playing && !hovered && !focused && count > 1;

  const go = useCallback(
    (to: number, byHand = true) => {
      if (!count) return;
      setCurrent(((to % count) + count) % count);
      if (byHand) setAnnounce(true);
    },
    [count],
  );

  useEffect(() => {
    if (!turning) return;
    const timer = window.setInterval(() => setCurrent((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [turning, count, intervalMs]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(index - 1);
    }
  };

  if (!count) return null;

  return (
    <section
      ref={region}
      className={styles.root}
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className={styles.head}>
        <h2 id={headingId}>{title}</h2>
        {count > 1 ? (
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.button}
              onClick={() => {
                setPlaying((p) => !p);
                setAnnounce(true);
              }}
              aria-label={playing ? t("home.gallery.pauseLabel") : t("home.gallery.playLabel")}
            >
              {playing ? <PauseIcon size={18} /> : <PlayIcon size={18} />}
              <span aria-hidden="true" className={styles.buttonText}>
                {playing ? t("home.gallery.pause") : t("home.gallery.play")}
              </span>
            </button>
            <button type="button" className={styles.button} aria-controls={slidesId} onClick={() => go(index - 1)}>
              <ChevronLeft size={18} />
              <span className="visually-hidden">{t("home.gallery.previous")}</span>
            </button>
            <button type="button" className={styles.button} aria-controls={slidesId} onClick={() => go(index + 1)}>
              <ChevronRight size={18} />
              <span className="visually-hidden">{t("home.gallery.next")}</span>
            </button>
          </div>
        ) : null}
      </div>
      <div id={slidesId} className={styles.slides} aria-live={turning || !announce ? "off" : "polite"}>
        {slides.map((s, i) => (
          <div
            key={s.id}
            className={styles.slide}
            role="group"
            aria-roledescription="slide"
            aria-label={t("home.gallery.slide", { number: i + 1, count, name: s.name })}
            hidden={i !== index}
          >
            {i === index || i === (index + 1) % count ? <SlidePicture slide={s} eager={i === index} /> : null}
            <div className={styles.caption}>
              <Link to={paths.thing(s.id)} className={styles.name}>
                {s.name}
              </Link>
              <span className={styles.meta}>
                <ColourDot colour={s.indicatorColour} parameter={s.indicatorParameter} onPhoto />
                <span>
                  {thingTypeLabel(s.type, t)}
                  {s.groupByGroupId ? ` · ${s.groupByGroupId.name}` : ""}
                </span>
              </span>
            </div>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className={styles.picker} role="group" aria-label={t("home.gallery.choose")}>
          {slides.map((s, i) => (
            <button
              key={s.id}
              type="button"
              className={i === index ? `${styles.dot} ${styles.dotCurrent}` : styles.dot}
              aria-current={i === index ? "true" : undefined}
              aria-controls={slidesId}
              onClick={() => go(i)}
            >
              <span className="visually-hidden">{t("home.gallery.photo", { number: i + 1, name: s.name })}</span>
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
