// The things' photos on the home page: the carousel, or what to do when there are none yet.
import type { Branding } from "../../../../shared/branding.ts";
import { useT } from "../../lib/i18n/locale-context.tsx";
import { GalleryCarousel } from "./GalleryCarousel.tsx";
import { EmptyNote, HomeCard, Unavailable } from "./home-sections.tsx";
import type { GallerySlide } from "./home-data.ts";
import styles from "./home.module.css";
import { homeTexts } from "./texts.ts";

export function GallerySection({
  slides,
  b,
  loading,
  failed = false,
}: {
  /** Things with a picture, most recently cared for first, as the server sends them. */
  slides: GallerySlide[];
  b: Branding;
  loading: boolean;
  failed?: boolean;
}) {
  const t = useT(homeTexts);
  const brand = { brand: b.key };
  const title = t("home.gallery.title", brand);
  if (failed) {
    return (
      <HomeCard title={title}>
        <Unavailable />
      </HomeCard>
    );
  }
  if (loading) {
    return (
      <HomeCard title={title}>
        <div className={`${styles.shimmer} ${styles.gallerySkeleton}`} role="status" aria-label={t("home.gallery.loading")} />
      </HomeCard>
    );
  }
  if (!slides.length) {
    return (
      <HomeCard title={title}>
        <EmptyNote action={{ to: "/things", label: t("home.gallery.browse", brand) }}>{t("home.gallery.empty", brand)}</EmptyNote>
      </HomeCard>
    );
  }
  return <GalleryCarousel slides={slides} title={title} />;
}
