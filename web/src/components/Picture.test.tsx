import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ConfigProvider } from "../lib/config-context.tsx";
import { TEST_CONFIG } from "../test/helpers.tsx";
import { act } from "react";
import { createPictureAccess } from "../lib/picture-access.ts";
import { Picture, PICTURE_WIDTHS, type PictureProps } from "./Picture.tsx";

const show = (props: PictureProps) =>
  render(
    <ConfigProvider config={TEST_CONFIG}>
      <Picture {...props} />
    </ConfigProvider>,
  );

describe("Picture (issue 22: blurry gallery pictures)", () => {
  it("offers the medium and large WebP sizes with srcset and the layout's sizes", () => {
    const { container } = show({ type: "thing", id: "t1", alt: "Photo of the planter", sizes: "(max-width: 700px) 100vw, 1040px" });
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toMatch(/\/images\/thing\/t1\/medium\.webp$/);
    const srcset = img.getAttribute("srcset")!;
    expect(srcset).toMatch(/\/images\/thing\/t1\/medium\.webp 512w, .*\/images\/thing\/t1\/large\.webp 1600w$/);
    expect(img.getAttribute("sizes")).toBe("(max-width: 700px) 100vw, 1040px");
    expect(PICTURE_WIDTHS).toEqual({ medium: 512, large: 1600 });
  });

  it("is never laid out wider than the pixels of the file it got", () => {
    // jsdom loads no images: stand in a probe that reports an 800 px wide file.
    const RealImage = window.Image;
    class Probe {
      naturalWidth = 800;
      onload: (() => void) | null = null;
      set src(_value: string) {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal("Image", Probe);
    try {
      const { container } = show({ type: "thing", id: "t2", alt: "", sizes: "100vw" });
      const img = container.querySelector("img")!;
      fireEvent.load(img);
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          expect(img.style.maxWidth).toBe("min(100%, 800px)");
          resolve();
        }, 0),
      );
    } finally {
      vi.stubGlobal("Image", RealImage);
    }
  });

  it("asks a picture again when its request failed under an older pictures cookie, and keeps one that loaded", async () => {
    // A private picture asked in the first render, before the pictures cookie (issue 27): its 404
    // may arrive after the cookie was set. That late failure must not hide the picture for good.
    const access = createPictureAccess("http://api.test/graphql", async () => new Response(null, { status: 204 }));
    const { container } = show({ type: "thing", id: "t3", alt: "Private planter", sizes: "100vw" });
    const first = container.querySelector("img")!;
    await act(() => access.sync("token-1"));
    // Still in flight: the same <img> (a public picture that loaded is not asked twice).
    expect(container.querySelector("img")).toBe(first);
    // Its failure arrives after the cookie: asked again, by a new <img>.
    fireEvent.error(first);
    const second = container.querySelector("img")!;
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    // A failure under the cookie it was asked with hides it, until the cookie changes again.
    fireEvent.error(second);
    expect(container.querySelector("img")).toBeNull();
    await act(() => access.sync("token-2"));
    expect(container.querySelector("img")).not.toBeNull();
  });
});
