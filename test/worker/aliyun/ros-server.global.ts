/** Global setup of the aliyun project: a fake ROS endpoint that verifies V3 signatures in Node. */
import type { TestProject } from "vitest/node";
import { startFakeRosServer } from "../../support/fake-ros-server.ts";
import { ROS_TEST_KEY, ROS_TEST_STS_KEY } from "./fixtures.ts";

export default async function setup(project: TestProject) {
  const server = await startFakeRosServer({ keys: [{ ...ROS_TEST_KEY }, { ...ROS_TEST_STS_KEY }] });
  project.provide("rosServerUrl", server.url);
  return () => server.close();
}
