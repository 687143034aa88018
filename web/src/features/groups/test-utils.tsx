// Test helper for the group, community and user screens: the app with a fake GraphQL endpoint
// (web/src/test/fake-api.tsx); unknown operations fail, so a test names every call it expects.
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, type Handler } from "../../test/fake-api.tsx";

export { failure, type Handler, type Reply } from "../../test/fake-api.tsx";

export function renderScreen(path: string, session: Session | null, handlers: Record<string, Handler>) {
  return renderWithFakeApi(path, session, handlers);
}
