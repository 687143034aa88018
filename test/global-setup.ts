// One migrated database per `npm test` run, shared by the backend test files and dropped at the end.
import type { TestProject } from "vitest/node";
import { findTestServer, createTestDatabase, dropTestDatabase } from "./database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    adminUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await findTestServer();
  const url = await createTestDatabase(server.adminUrl);
  project.provide("databaseUrl", url);
  project.provide("adminUrl", server.adminUrl);
  return async () => {
    await dropTestDatabase(server.adminUrl, url);
    await server.stop();
  };
}
