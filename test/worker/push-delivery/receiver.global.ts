/** Global setup of the push project: a real webhook receiver the Worker delivers to. */
import type { TestProject } from "vitest/node";
import { startPushReceiver } from "../../support/push-receiver.ts";

export default async function setup(project: TestProject) {
  const receiver = await startPushReceiver();
  project.provide("receiverUrl", receiver.url);
  return () => receiver.close();
}
