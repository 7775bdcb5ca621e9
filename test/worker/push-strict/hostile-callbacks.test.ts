/**
 * SSRF: with the production setting (`IACCODE_A2A_PUSH_ALLOW_PRIVATE=false`), every spelling of a
 * loopback, private, link-local, CGNAT, multicast, reserved or unspecified address is refused
 * when a config is stored (explicitly or inline), with the original's message (contract §8).
 */
import { describe, expect, it } from "vitest";
import { ok, rpc, send, userMessage } from "../helpers/rpc";

const PRIVATE = "A2A push callback URL must not target private or local hosts";

const HOSTILE = [
  "http://localhost/hook",
  "http://LOCALHOST./hook",
  "http://api.localhost/hook",
  "http://127.0.0.1/hook",
  "http://127.1/hook",
  "http://2130706433/hook",
  "http://0177.0.0.1/hook",
  "http://0x7f.0.0.1/hook",
  "http://0x7f000001/hook",
  "http://10.0.0.1/hook",
  "http://10.1/hook",
  "http://172.16.5.4/hook",
  "http://192.168.1.1/hook",
  "http://169.254.169.254/latest/meta-data",
  "http://100.64.0.1/hook",
  "http://224.0.0.1/hook",
  "http://240.0.0.1/hook",
  "http://255.255.255.255/hook",
  "http://0.0.0.0/hook",
  "http://[::1]/hook",
  "http://[::]/hook",
  "http://[fc00::1]/hook",
  "http://[fe80::1]/hook",
  "http://[ff02::1]/hook",
  "http://[::ffff:127.0.0.1]/hook",
  "http://[::ffff:7f00:1]/hook",
  "http://[::127.0.0.1]/hook",
  "http://[64:ff9b::10.0.0.1]/hook",
  "http://[2002:c0a8:0101::1]/hook",
];

describe("hostile callback URLs are refused when stored", () => {
  it.each(HOSTILE)("%s", async (url) => {
    const { task } = await send(userMessage("x"));
    const res = await rpc("CreateTaskPushNotificationConfig", { taskId: task?.id, url });
    expect(res.error).toMatchObject({ code: -32602, message: PRIVATE });
  });

  it("refuses them inline too, and admits a public host", async () => {
    const inline = await rpc("SendMessage", {
      message: userMessage("x"),
      configuration: { taskPushNotificationConfig: { url: "http://[fe80::1%25eth0]/hook" } },
    });
    expect(inline.error?.code).toBe(-32602);
    const { task } = await send(userMessage("x"));
    expect(await ok("CreateTaskPushNotificationConfig", { taskId: task?.id, url: "https://hooks.example.com/a2a" })).toMatchObject({
      url: "https://hooks.example.com/a2a",
    });
  });
});
