/** Global setup of the agent-model project: the fake model server on the port the config chose. */
import type { TestProject } from "vitest/node";
import { startFakeModelServer } from "../../support/fake-model-server.ts";

export default async function setup(project: TestProject) {
  const server = await startFakeModelServer(Number(process.env.IACCODE_TEST_MODEL_PORT));
  project.provide("modelServerUrl", server.url);
  return () => server.close();
}
