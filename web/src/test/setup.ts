// The web tests' setup: findBy* and waitFor of Testing Library wait up to 5 s (their default is
// 1 s), because a busy 2-core machine (CI, or tests running beside other work) can take longer
// than a second to render a screen and answer its fake API. A failing test only fails later;
// a passing one is as fast as before.
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 5000 });

// Each test's screen is unmounted when it ends (Testing Library does this itself only where the
// test functions are globals, and they are imported here). A tree left mounted kept its work
// going: React ran a scheduled render after the file's last test, once jsdom's window was gone
// ("window is not defined", an unhandled error in chart-marks.test.tsx), and one test's screen
// still answered the next test's queries.
afterEach(() => {
  cleanup();
});

// Screens under test are the page's first screen already shown: requests that wait for it
// (lib/first-screen.ts: the bell, the profile refresh, analytics) go at once, as the tests expect.
import { markFirstScreenShown } from "../lib/first-screen.ts";

markFirstScreenShown();
