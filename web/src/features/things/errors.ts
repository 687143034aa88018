// The server's first error (spec section 8: "the first error message returned by the server is
// surfaced as the error text"), from a urql result, with a fallback when it says nothing; read by
// lib/errors.ts like every screen's.
import type { CombinedError } from "urql";
import { errorCode, errorText } from "../../lib/errors.ts";

export { errorText };

export interface ServerError {
  message: string;
  code?: string;
}

export function serverError(error: CombinedError | null | undefined, fallback: string): ServerError | null {
  if (!error) return null;
  return { message: errorText(error, fallback), code: errorCode(error) };
}

/** A new uuid for a form's upload session and the like. */
export function newId(): string {
  if (globalThis.crypto?.randomUUID) return globalThis.crypto.randomUUID();
  const hex = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
