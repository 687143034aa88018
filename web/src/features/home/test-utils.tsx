// Test helper for the home, scorer and feedback screens: the app with a fake GraphQL endpoint
// (web/src/test/fake-api.tsx). Blocks of other features on the page (the tasks block) get an
// empty answer.
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, type Handler } from "../../test/fake-api.tsx";

export { failure, type Handler, type Reply } from "../../test/fake-api.tsx";

export function renderScreen(path: string, session: Session | null, handlers: Record<string, Handler>) {
  return renderWithFakeApi(path, session, handlers, { unknown: "empty" });
}
