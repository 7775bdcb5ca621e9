/**
 * Issue 30 item 6: `npm run dev -- --ip 0.0.0.0` (and `dev:local`) used to say nothing of the
 * trusted-local mode then serving the whole network. Both launchers print this warning for any
 * address beyond loopback (scripts/listen-warning.mjs); on loopback they stay quiet.
 */
import { describe, expect, it } from "vitest";

// A path in a variable: the launchers are plain .mjs, imported here untyped.
const modulePath = "../../scripts/listen-warning.mjs";
const { listenWarning } = (await import(modulePath)) as { listenWarning: (ip: string) => string | undefined };

describe("the --ip warning of the local launchers (issue 30 item 6)", () => {
  it.each(["0.0.0.0", "::", "192.168.1.5", "10.0.0.7", "fe80::1"])("warns for %s: the trusted-local mode would serve the network", (ip) => {
    const warning = listenWarning(ip);
    expect(warning).toContain(`listening on ${ip}`);
    expect(warning).toContain("trusted-local mode");
    expect(warning).toContain("IACCODE_A2A_HTTP_TOKEN");
  });

  it.each(["127.0.0.1", "127.0.0.2", "::1", "localhost"])("stays quiet for %s", (ip) => {
    expect(listenWarning(ip)).toBeUndefined();
  });
});
