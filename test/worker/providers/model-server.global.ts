/** Global setup of the providers project: a fake model server (Node) the providers stream from. */
import type { TestProject } from "vitest/node";
import { startFakeModelServer } from "../../support/fake-model-server.ts";

export default async function setup(project: TestProject) {
  const server = await startFakeModelServer();
  project.provide("modelServerUrl", server.url);
  return () => server.close();
}
