// Routes on a memory router of the kind the app runs on (declarative, App.tsx), with handles a
// test reads (where the app went, and how) and drives (navigate), which a declarative router
// does not hand out: a probe inside it notes them after every commit.
import { useLayoutEffect, type ReactElement } from "react";
import {
  MemoryRouter,
  NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
  useRoutes,
  type Location,
  type NavigateFunction,
  type RouteObject,
} from "react-router";

export interface TestRouter {
  /** The path and query string the app is at. */
  location(): string;
  /** How the last navigation happened (PUSH, REPLACE or POP). */
  historyAction(): NavigationType;
  navigate(to: string): void;
}

interface Noted {
  location: Location | null;
  action: NavigationType;
  navigate: NavigateFunction | null;
}

function Probe({ into }: { into: Noted }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    into.location = location;
    into.action = action;
    into.navigate = navigate;
  });
  return null;
}

function TableRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function memoryRoutes(routes: RouteObject[], path: string): { element: ReactElement; router: TestRouter } {
  const noted: Noted = { location: null, action: NavigationType.Pop, navigate: null };
  const element = (
    <MemoryRouter initialEntries={[path]}>
      <Probe into={noted} />
      <TableRoutes routes={routes} />
    </MemoryRouter>
  );
  const router: TestRouter = {
    location: () => (noted.location ? noted.location.pathname + noted.location.search : path),
    historyAction: () => noted.action,
    navigate: (to) => {
      if (!noted.navigate) throw new Error("the router has not rendered yet");
      void noted.navigate(to);
    },
  };
  return { element, router };
}
