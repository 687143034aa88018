// The web tests' setup: findBy* and waitFor of Testing Library wait up to 5 s (their default is
// 1 s), because a busy 2-core machine (CI, or tests running beside other work) can take longer
// than a second to render a screen and answer its fake API. A failing test only fails later;
// a passing one is as fast as before.
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 5000 });

// Screens under test are the page's first screen already shown: requests that wait for it
// (lib/first-screen.ts: the bell, the profile refresh, analytics) go at once, as the tests expect.
import { markFirstScreenShown } from "../lib/first-screen.ts";

markFirstScreenShown();
