import { defineConfig } from "vitest/config";

// Two projects: everything that talks to PostgreSQL runs in Node against a database created for
// this run (test/global-setup.ts); the SPA's unit tests run in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "backend",
          environment: "node",
          include: [
            "db/test/**/*.test.ts",
            "domain/**/*.test.ts",
            "server/test/**/*.test.ts",
            "worker/test/**/*.test.ts",
            "scripts/test/**/*.test.ts",
            "bench/test/**/*.test.ts",
            "test/security/**/*.test.ts",
          ],
          globalSetup: ["test/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "web",
          environment: "jsdom",
          setupFiles: ["web/src/test/setup.ts"],
          include: ["web/**/*.test.{ts,tsx}", "shared/**/*.test.ts"],
        },
      },
    ],
  },
});
