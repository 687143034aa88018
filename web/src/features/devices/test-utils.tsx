// Test helper for the device screens: the app with a fake GraphQL endpoint
// (web/src/test/fake-api.tsx); answers need __typename for the normalised cache.
import type { Session } from "../../lib/session.ts";
import { renderWithFakeApi, type Handlers } from "../../test/fake-api.tsx";

export { failure, reply, type Data, type Handler, type Handlers, type NodeOf, type Reply, type Variables } from "../../test/fake-api.tsx";

export function renderDevices(path: string, session: Session | null, handlers: Handlers) {
  return renderWithFakeApi(path, session, handlers);
}
