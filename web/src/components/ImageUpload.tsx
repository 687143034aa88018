// Picking, checking and uploading one picture for a form (a user's profile, a thing, a group, a
// device, an action). The picture is uploaded as soon as it is chosen, with progress; the form
// saves its record with hasImage: true and then attaches the upload with newFiles.
//
//   const [upload, setUpload] = useState<UploadedImage | null>(null);
//   const [uploading, setUploading] = useState(false);
//   const attach = useAttachImage();
//   ...
//   <ImageUpload label="Picture" currentUrl={thing.hasImage ? thingImageUrl : null}
//                onUploaded={setUpload} onBusyChange={setUploading} />
//   <button disabled={uploading}>Save</button>
//   ...after saving (with hasImage: true when `upload` is set):
//   if (upload) await attach(upload, "thing", thing.id);   // calls newFiles, returns movedFiles
//
// Props
//   onUploaded(upload | null)  required. Called with { sessionId, file } once the server has the
//                              picture, and with null when the person takes their choice back.
//   label          text above the drop zone (default "Picture")
//   hint           line under the button (default: the accepted types and the size limit)
//   currentUrl     the picture already saved, shown until a new one is chosen (null: none)
//   onRemove       when given and a current picture shows, a "Remove picture" button calls it
//                  (the form then saves hasImage: false)
//   onBusyChange(busy)  true while an upload runs, so the form can hold its submit button
//   disabled       no choosing while the form itself is saving
//   shape          preview shape: "square" (default) or "round" (profile pictures)
//   sessionId      the form's upload session id; by default one is made per mounted component
//                  (crypto.randomUUID()). Only the newest upload of a session id is used.
//   uploadUrl      where to POST (default /uploads on the API's origin)
//
// HTTP contract (docs/decisions.md, Images): POST /uploads with `Authorization: Bearer <token>`,
// multipart with the `sessionId` part first and one `file` part; 201 {"files":[{id,name,size,type}]};
// errors {"error": "..."} with 400, 401, 413, 415 or 429. Checked here first: 10 MB at most,
// JPEG, PNG, WebP or GIF, with the server's own messages.
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type ChangeEvent } from "react";
import { useClient } from "urql";
import { useAppConfig } from "../lib/config-context.tsx";
import { useSession } from "../lib/session-context.tsx";
import { apiUrl, rememberImageVersion, type ImageType } from "./Avatar.tsx";
import styles from "./ImageUpload.module.css";
import { NewFilesDocument } from "./NewFiles.generated.ts";
import { useT } from "../lib/i18n/locale-context.tsx";
import { translateServerMessage } from "../lib/i18n/server-messages.ts";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const IMAGE_TOO_LARGE = "Images must be at most 10 MB";
export const IMAGE_UNSUPPORTED = "Only JPEG, PNG, WebP or GIF images can be uploaded";
export const TOO_MANY_UPLOADS = "Too many uploads; please try again later";
const UPLOAD_FAILED = "The picture could not be uploaded. Please try again.";
const UPLOAD_OFFLINE = "Could not reach the server. Please check your connection and try again.";
const UPLOAD_SIGNED_OUT = "Please sign in again to upload pictures.";

/** One stored upload, as POST /uploads describes it. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** What a form keeps to attach the picture after saving: pass both to newFiles. */
export interface UploadedImage {
  sessionId: string;
  file: UploadedFile;
}

export class UploadError extends Error {
  /** HTTP status; 0 when the server could not be reached, -1 when cancelled. */
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = "UploadError";
    this.status = status;
  }
}

/** The client-side check: the server's message for a file it would refuse, or null. */
export function checkImageFile(file: Pick<File, "size" | "type">): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return IMAGE_UNSUPPORTED;
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return null;
}

export function newUploadSessionId(): string {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  // RFC 4122 version 4 from Math.random, for very old browsers.
  return "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx".replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === "x" ? r : (r & 0x3) | 0x8).toString(16);
  });
}

function statusMessage(status: number): string {
  if (status === 401) return UPLOAD_SIGNED_OUT;
  if (status === 413) return IMAGE_TOO_LARGE;
  if (status === 415) return IMAGE_UNSUPPORTED;
  if (status === 429) return TOO_MANY_UPLOADS;
  return UPLOAD_FAILED;
}

export interface UploadImageOptions {
  url: string;
  token: string | null;
  sessionId: string;
  file: Blob & { name?: string };
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** POSTs one picture with XMLHttpRequest (fetch cannot report upload progress). */
export function uploadImage({ url, token, sessionId, file, onProgress, signal }: UploadImageOptions): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(-1, "Upload cancelled"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let body: { files?: UploadedFile[]; error?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      const stored = body?.files?.[0];
      if (xhr.status >= 200 && xhr.status < 300 && stored) {
        onProgress?.(1);
        resolve(stored);
      } else {
        const message = xhr.status === 401 ? UPLOAD_SIGNED_OUT : body?.error || statusMessage(xhr.status);
        reject(new UploadError(xhr.status, message));
      }
    };
    xhr.onerror = () => reject(new UploadError(0, UPLOAD_OFFLINE));
    xhr.onabort = () => reject(new UploadError(-1, "Upload cancelled"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    // The server reads the session id before the file, so it must come first.
    form.append("sessionId", sessionId);
    form.append("file", file, file.name || "picture");
    xhr.send(form);
  });
}

/**
 * Attaches a form's upload to the record it saved (newFiles) and makes this browser show the new
 * picture at once. Resolves with the stored URLs; rejects with urql's CombinedError.
 */
export function useAttachImage() {
  const client = useClient();
  return useCallback(
    async (upload: UploadedImage, type: ImageType, id: string): Promise<string[]> => {
      const result = await client
        .mutation(NewFilesDocument, {
          sessionId: upload.sessionId,
          type,
          id,
        })
        .toPromise();
      if (result.error) throw result.error;
      const moved = result.data?.newFiles?.movedFiles ?? [];
      rememberImageVersion(type, id, moved);
      return moved;
    },
    [client],
  );
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

type UploadState =
  | { kind: "idle" }
  | { kind: "uploading"; name: string; progress: number }
  | { kind: "done"; name: string; size: number }
  | { kind: "error"; message: string };

export interface ImageUploadProps {
  onUploaded: (upload: UploadedImage | null) => void;
  label?: string;
  hint?: string;
  currentUrl?: string | null;
  onRemove?: () => void;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
  shape?: "square" | "round";
  sessionId?: string;
  uploadUrl?: string;
}

export function ImageUpload({
  onUploaded,
  label,
  hint,
  currentUrl = null,
  onRemove,
  onBusyChange,
  disabled = false,
  shape = "square",
  sessionId: givenSessionId,
  uploadUrl,
}: ImageUploadProps) {
  const t = useT();
  const { graphqlUrl } = useAppConfig();
  const { store } = useSession();
  const [ownSessionId] = useState(newUploadSessionId);
  const sessionId = givenSessionId ?? ownSessionId;
  const [state, setState] = useState<UploadState>({ kind: "idle" });
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [currentFailed, setCurrentFailed] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const inputId = `${id}-input`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;

  // Keep the latest callbacks without restarting anything when a parent re-renders.
  const callbacks = useRef({ onUploaded, onBusyChange });
  callbacks.current = { onUploaded, onBusyChange };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new current picture resets the failure: the effect runs on it, it doesn't read it
  useEffect(() => setCurrentFailed(false), [currentUrl]);

  // Let go of the preview's object URL when it changes and on unmount; stop a running upload.
  useEffect(
    () => () => {
      if (preview && typeof URL.revokeObjectURL === "function") URL.revokeObjectURL(preview);
    },
    [preview],
  );
  useEffect(() => () => abortRef.current?.abort(), []);

  const busy = state.kind === "uploading";
  useEffect(() => {
    callbacks.current.onBusyChange?.(busy);
  }, [busy]);

  const start = async (file: File) => {
    const problem = checkImageFile(file);
    if (problem) {
      setState({ kind: "error", message: problem });
      return;
    }
    abortRef.current?.abort();
    const controller = new AbortController();
    abortRef.current = controller;
    setPreview(typeof URL.createObjectURL === "function" ? URL.createObjectURL(file) : null);
    setState({ kind: "uploading", name: file.name, progress: 0 });
    callbacks.current.onUploaded(null);
    try {
      const stored = await uploadImage({
        url: uploadUrl ?? apiUrl("/uploads", graphqlUrl),
        token: store.validToken(),
        sessionId,
        file,
        signal: controller.signal,
        onProgress: (fraction) => {
          if (abortRef.current === controller) {
            setState({ kind: "uploading", name: file.name, progress: Math.round(fraction * 100) });
          }
        },
      });
      if (abortRef.current !== controller) return;
      abortRef.current = null;
      setState({ kind: "done", name: stored.name || file.name, size: stored.size || file.size });
      callbacks.current.onUploaded({ sessionId, file: stored });
    } catch (error) {
      if (abortRef.current !== controller) return;
      abortRef.current = null;
      setPreview(null);
      if (error instanceof UploadError && error.status === -1) {
        setState({ kind: "idle" });
        return;
      }
      setState({ kind: "error", message: error instanceof UploadError ? error.message : UPLOAD_FAILED });
    }
  };

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after an error.
    event.target.value = "";
    if (file) void start(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const file = event.dataTransfer?.files?.[0];
    if (file) void start(file);
  };

  const cancel = () => {
    abortRef.current?.abort();
  };

  const undo = () => {
    setPreview(null);
    setState({ kind: "idle" });
    callbacks.current.onUploaded(null);
    inputRef.current?.focus();
  };

  const hasCurrent = Boolean(currentUrl) && !currentFailed;
  const shown = preview ?? (hasCurrent ? currentUrl : null);
  const hasNew = state.kind === "done" || state.kind === "uploading";

  return (
    <div className={`${styles.root} image-upload${shape === "round" ? ` ${styles.round}` : ""}${dragging ? ` ${styles.dragging}` : ""}`}>
      <span id={labelId} className={styles.label}>
        {label ?? t("upload.label")}
      </span>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is the pointer's extra; the button inside is the control for everyone */}
      <div
        className={styles.zone}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? "none" : "copy";
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <div className={styles.preview}>
          {shown ? (
            <img src={shown} alt={preview ? t("upload.previewAlt") : t("upload.currentAlt")} onError={() => setCurrentFailed(true)} />
          ) : (
            <svg viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
              <rect x="6" y="10" width="36" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
              <circle cx="17" cy="20" r="3.5" fill="currentColor" />
              <path d="M9 35l10-10 7 7 5-5 8 8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
            </svg>
          )}
        </div>
        <div className={styles.body}>
          <p className={styles.prompt}>{dragging ? t("upload.dropHere") : t("upload.dragHere")}</p>
          <div className={styles.actions}>
            <input
              ref={inputRef}
              id={inputId}
              className={styles.input}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES.join(",")}
              disabled={disabled}
              aria-labelledby={`${labelId} ${inputId}-button`}
              aria-describedby={`${hintId} ${statusId}`}
              onChange={onChoose}
            />
            <label id={`${inputId}-button`} htmlFor={inputId} className={`button button-secondary ${styles.choose}`}>
              {shown || hasNew ? t("upload.chooseAnother") : t("upload.choose")}
            </label>
            {state.kind === "uploading" ? (
              <button type="button" className="button button-secondary" onClick={cancel}>
                {t("upload.cancel")}
              </button>
            ) : null}
            {state.kind === "done" ? (
              <button type="button" className="button button-secondary" onClick={undo}>
                {/* Only a record that has a picture has an old one to keep. */}
                {hasCurrent ? t("upload.keepOld") : t("upload.dontUse")}
              </button>
            ) : null}
            {!hasNew && hasCurrent && onRemove ? (
              <button type="button" className="button button-secondary" onClick={onRemove} disabled={disabled}>
                {t("upload.remove")}
              </button>
            ) : null}
          </div>
          <p id={hintId} className="field-hint">
            {hint ?? t("upload.hint")}
          </p>
          <div id={statusId} className={styles.status} aria-live="polite">
            {state.kind === "uploading" ? (
              <>
                <progress max={100} value={state.progress} aria-label={t("upload.uploadingLabel", { name: state.name })} />
                <span>{t("upload.uploading", { progress: state.progress })}</span>
              </>
            ) : null}
            {state.kind === "done" ? (
              <span className={styles.done}>{t("upload.done", { name: state.name, size: formatSize(state.size) })}</span>
            ) : null}
            {state.kind === "error" ? (
              <span className="field-error" role="alert">
                {translateServerMessage(state.message)}
              </span>
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
