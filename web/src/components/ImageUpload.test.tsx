import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, type AppServices } from "../App.tsx";
import { NoticeStore } from "../lib/notices.tsx";
import { SessionStore } from "../lib/session.ts";
import { fakeAuth, MemoryStorage, TEST_CONFIG, userSession } from "../test/helpers.tsx";
import { Avatar, imagePath, initialsOf, rememberImageVersion } from "./Avatar.tsx";
import { checkImageFile, IMAGE_TOO_LARGE, IMAGE_UNSUPPORTED, ImageUpload, type UploadedImage } from "./ImageUpload.tsx";
import styles from "./ImageUpload.module.css";

/** A stand-in XMLHttpRequest the test answers by hand. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function png(name = "dot.png", size = 68, type = "image/png"): File {
  const file = new File([new Uint8Array(Math.min(size, 1024))], name, { type });
  if (size > 1024) Object.defineProperty(file, "size", { value: size });
  return file;
}

function renderUpload(props: Partial<Parameters<typeof ImageUpload>[0]> = {}) {
  const sessionStore = new SessionStore({ storage: new MemoryStorage() });
  const session = userSession();
  sessionStore.set(session);
  const services: AppServices = {
    config: TEST_CONFIG,
    sessionStore,
    auth: fakeAuth(),
    notices: new NoticeStore(),
    fetch: vi.fn(async () => new Response(JSON.stringify({ data: null }), { headers: { "content-type": "application/json" } })),
  };
  const onUploaded = vi.fn<(upload: UploadedImage | null) => void>();
  const onBusyChange = vi.fn<(busy: boolean) => void>();
  const view = render(
    <AppProviders services={services}>
      <ImageUpload label="Profile picture" onUploaded={onUploaded} onBusyChange={onBusyChange} {...props} />
    </AppProviders>,
  );
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { ...view, input, choose, onUploaded, onBusyChange, session };
}

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  URL.createObjectURL = vi.fn(() => "blob:preview");
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("checkImageFile", () => {
  it("accepts JPEG, PNG, WebP and GIF up to 10 MB", () => {
    for (const type of ["image/jpeg", "image/png", "image/webp", "image/gif"]) {
      expect(checkImageFile({ type, size: 10 * 1024 * 1024 })).toBeNull();
    }
  });

  it("refuses other types and bigger files with the server's messages", () => {
    expect(checkImageFile({ type: "image/svg+xml", size: 10 })).toBe(IMAGE_UNSUPPORTED);
    expect(checkImageFile({ type: "application/pdf", size: 10 })).toBe(IMAGE_UNSUPPORTED);
    expect(checkImageFile({ type: "image/png", size: 10 * 1024 * 1024 + 1 })).toBe(IMAGE_TOO_LARGE);
  });
});

describe("ImageUpload", () => {
  it("uploads a chosen picture with the session id first and the bearer token, showing progress", async () => {
    const { choose, onUploaded, onBusyChange, session, input } = renderUpload();
    expect(input.getAttribute("accept")).toBe("image/jpeg,image/png,image/webp,image/gif");
    expect(screen.getByLabelText(/Profile picture/)).toBe(input);
    choose(png());
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("http://localhost/uploads");
    expect(xhr.headers.Authorization).toBe(`Bearer ${session.token}`);
    const parts = [...xhr.body!.entries()];
    expect(parts.map(([name]) => name)).toEqual(["sessionId", "file"]);
    const sessionId = parts[0][1] as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(true));

    act(() => xhr.progress(50, 100));
    expect(screen.getByText("Uploading… 50%")).toBeTruthy();
    expect(screen.getByRole("progressbar").getAttribute("value")).toBe("50");
    expect(screen.getByRole("img", { name: "Preview of the chosen picture" }).getAttribute("src")).toBe("blob:preview");

    const stored = { id: "f1", name: "dot.png", size: 68, type: "image/png" };
    await act(async () => xhr.respond(201, { files: [stored] }));
    expect(onUploaded).toHaveBeenLastCalledWith({ sessionId, file: stored });
    expect(screen.getByText(/dot\.png \(68 bytes\) uploaded/)).toBeTruthy();
    await waitFor(() => expect(onBusyChange).toHaveBeenLastCalledWith(false));

    // Taking it back tells the form there is nothing to attach. With no picture saved before,
    // there is no "old picture" to keep (issue 22).
    expect(screen.queryByRole("button", { name: "Keep the old picture" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Don't use this picture" }));
    expect(onUploaded).toHaveBeenLastCalledWith(null);
  });

  it("offers to keep the old picture only when there is one", async () => {
    const { choose } = renderUpload({ currentUrl: "http://localhost/images/user/u1/medium.webp" });
    choose(png());
    await act(async () => FakeXhr.last!.respond(201, { files: [{ id: "f1", name: "dot.png", size: 68, type: "image/png" }] }));
    expect(screen.getByRole("button", { name: "Keep the old picture" })).toBeTruthy();
  });

  it("keeps one session id per form across uploads", async () => {
    const { choose } = renderUpload();
    choose(png("a.png"));
    const first = FakeXhr.last!.body!.get("sessionId");
    await act(async () => FakeXhr.last!.respond(201, { files: [{ id: "1", name: "a.png", size: 1, type: "image/png" }] }));
    choose(png("b.png"));
    expect(FakeXhr.last!.body!.get("sessionId")).toBe(first);
  });

  it("refuses a wrong type or a big file without uploading", () => {
    const { choose, onUploaded } = renderUpload();
    choose(png("notes.pdf", 10, "application/pdf"));
    expect(screen.getByRole("alert").textContent).toBe(IMAGE_UNSUPPORTED);
    choose(png("huge.png", 11 * 1024 * 1024));
    expect(screen.getByRole("alert").textContent).toBe(IMAGE_TOO_LARGE);
    expect(FakeXhr.last).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it("shows the server's error", async () => {
    const { choose, onUploaded } = renderUpload();
    choose(png());
    await act(async () => FakeXhr.last!.respond(429, { error: "Too many uploads; please try again later" }));
    expect(screen.getByRole("alert").textContent).toBe("Too many uploads; please try again later");
    expect(onUploaded).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole("img", { name: "Preview of the chosen picture" })).toBeNull();
  });

  it("can cancel a running upload", async () => {
    const { choose } = renderUpload();
    choose(png());
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.last!.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByText(/Uploading/)).toBeNull());
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("accepts a dropped picture", () => {
    const { container } = renderUpload();
    const zone = container.querySelector(`.${styles.zone}`)!;
    fireEvent.drop(zone, { dataTransfer: { files: [png("dropped.png")] } });
    expect(FakeXhr.last!.body!.get("file")).toBeInstanceOf(File);
  });

  it("shows the current picture and offers to remove it", () => {
    const onRemove = vi.fn();
    renderUpload({ currentUrl: "http://localhost/images/user/u1/medium.webp", onRemove });
    expect(screen.getByRole("img", { name: "Current picture" }).getAttribute("src")).toBe("http://localhost/images/user/u1/medium.webp");
    fireEvent.click(screen.getByRole("button", { name: "Remove picture" }));
    expect(onRemove).toHaveBeenCalled();
  });
});

describe("Avatar", () => {
  function renderAvatar(props: Parameters<typeof Avatar>[0]) {
    const services: AppServices = {
      config: TEST_CONFIG,
      sessionStore: new SessionStore({ storage: new MemoryStorage() }),
      auth: fakeAuth(),
      notices: new NoticeStore(),
    };
    return render(
      <AppProviders services={services}>
        <Avatar {...props} />
      </AppProviders>,
    );
  }

  it("shows initials without a picture, and the stored picture with one", () => {
    const { container, unmount } = renderAvatar({ id: "u1", name: "Robin van Dijk", hasImage: false });
    expect(container.textContent).toBe("RD");
    unmount();
    const withImage = renderAvatar({ id: "u2", name: "Robin", hasImage: true, alt: "Robin" });
    const img = withImage.getByRole("img", { name: "Robin" });
    expect(img.getAttribute("src")).toBe("http://localhost/images/user/u2/thumb.webp");
    // A missing picture falls back to the initials.
    fireEvent.error(img);
    expect(withImage.getByRole("img", { name: "Robin" }).textContent).toBe("R");
  });

  it("asks for the newest version after a picture changed", () => {
    rememberImageVersion("thing", "t9", ["/images/thing/t9/thumb.webp?v=abc123"]);
    expect(imagePath("thing", "t9", "medium")).toBe("/images/thing/t9/medium.webp?v=abc123");
    expect(initialsOf("")).toBe("?");
  });
});
