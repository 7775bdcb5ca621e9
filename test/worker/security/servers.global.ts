/**
 * Global setup of the security project: the local JWKS host and DNS-over-HTTPS resolver, on the
 * ports vitest.config.ts chose (the Worker's bindings name them before any setup runs).
 */
import type { TestProject } from "vitest/node";
import { startJwksServer } from "../../support/jwks-server.ts";
import { startDohServer } from "../../support/doh-server.ts";

export default async function setup(project: TestProject) {
  const jwks = await startJwksServer(Number(process.env.IACCODE_TEST_JWKS_PORT));
  const doh = await startDohServer(Number(process.env.IACCODE_TEST_DOH_PORT));
  project.provide("jwksServerUrl", jwks.url);
  project.provide("dohServerUrl", doh.url);
  return async () => {
    await jwks.close();
    await doh.close();
  };
}
