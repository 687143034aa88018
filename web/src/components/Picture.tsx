// A stored picture shown larger than a thumbnail: the server's WebP sizes offered with srcset, so
// the browser takes the one that suits the box and the screen, and never shown wider than its
// own pixels (a 512 px file stretched to 1,031 px was blurry; issue 22).
//
//   <Picture type="thing" id={thing.id} alt="Photo of the planter" sizes="(max-width: 700px) 100vw, 1040px" />
//
// The sizes are those server/images/layout.ts makes: medium fits inside 512 x 512, large inside
// 1600 x 1600 (never enlarged), both keeping the aspect ratio. The 128 px thumb is a square crop,
// so it is not offered here (a srcset's candidates must show the same picture).
import { useState, type ImgHTMLAttributes, type SyntheticEvent } from "react";
import { usePictureAttempt } from "../lib/picture-access.ts";
import { useImageUrl, type ImageType } from "./Avatar.tsx";

/** Widths of the variants that keep the aspect ratio (server/images/layout.ts, VARIANTS). */
export const PICTURE_WIDTHS = { medium: 512, large: 1600 } as const;

/** The src and srcset of a stored picture; follows rememberImageVersion like Avatar. */
export function usePictureSources(type: ImageType, id: string): { src: string; srcSet: string } {
  const medium = useImageUrl(type, id, "medium");
  const large = useImageUrl(type, id, "large");
  return { src: medium, srcSet: `${medium} ${PICTURE_WIDTHS.medium}w, ${large} ${PICTURE_WIDTHS.large}w` };
}

/**
 * The widest the chosen file may be shown, in CSS pixels: its real pixel width. With srcset the
 * element's naturalWidth is scaled by the descriptor, and a "1600w" file may hold fewer pixels
 * (an 800 px upload is not enlarged), so the file itself is measured.
 */
export function capToPixels(img: HTMLImageElement, done: (width: number) => void) {
  const url = img.currentSrc || img.src;
  if (!url) return;
  const probe = new Image();
  probe.onload = () => {
    if (probe.naturalWidth > 0) done(probe.naturalWidth);
  };
  probe.src = url;
}

export interface PictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> {
  type: ImageType;
  id: string;
  alt: string;
  /** How wide the picture is laid out, as the sizes attribute says it. */
  sizes: string;
  /** Called when the picture cannot be had (missing, refused). */
  onMissing?: () => void;
}

export function Picture({ type, id, alt, sizes, onMissing, style, onLoad, ...rest }: PictureProps) {
  const { src, srcSet } = usePictureSources(type, id);
  const [maxWidth, setMaxWidth] = useState<number | null>(null);
  // A failure under an older pictures cookie is asked again (a private picture asked before it was set).
  const attempt = usePictureAttempt(src);
  if (attempt.failed) return null;
  return (
    <img
      key={attempt.key}
      {...rest}
      src={src}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      decoding="async"
      style={maxWidth ? { ...style, maxWidth: `min(100%, ${maxWidth}px)` } : style}
      onLoad={(event: SyntheticEvent<HTMLImageElement>) => {
        capToPixels(event.currentTarget, setMaxWidth);
        onLoad?.(event);
      }}
      onError={() => {
        attempt.onError();
        onMissing?.();
      }}
    />
  );
}
