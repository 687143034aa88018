// Test helper for the home, scorer and feedback screens: the app with a fake GraphQL endpoint
// (web/src/test/fake-api.tsx). Blocks of other features on the page (the tasks block) get an
// empty answer.
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, type Handlers } from "../../test/fake-api.tsx";

export { failure, reply, type Data, type Handler, type Handlers, type NodeOf, type Reply, type Variables } from "../../test/fake-api.tsx";

export function renderScreen(path: string, session: Session | null, handlers: Handlers) {
  return renderWithFakeApi(path, session, handlers, { unknown: "empty" });
}
