// Test helper for the device screens: the app with a fake GraphQL endpoint
// (web/src/test/fake-api.tsx); answers need __typename for the normalised cache.
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, type Handler } from "../../test/fake-api.tsx";

export { failure, type Handler, type Reply } from "../../test/fake-api.tsx";

export function renderDevices(path: string, session: Session | null, handlers: Record<string, Handler>) {
  return renderWithFakeApi(path, session, handlers);
}
