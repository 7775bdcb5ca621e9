/**
 * SSRF by name (issue 10 item 3) with `IACCODE_A2A_PUSH_DOH_URL`: a callback name is resolved
 * through a real local DNS-over-HTTPS resolver when the config is stored and again before every
 * delivery; any private or special answer refuses it.
 */
import { describe, expect, inject, it } from "vitest";
import { BASE, rpc, sleep, userMessage, V1, worker, type TaskLike } from "../helpers/rpc";
import { CALLBACK_URL_MESSAGES } from "../../../src/push/callback-url";
import { DNS_CHECK_MESSAGES } from "../../../src/push/dns-check";

const doh = inject("dohServerUrl");
const AUTH = { ...V1, Authorization: "Bearer static-token-0001" };

async function zone(records: Record<string, Record<string, string[]>>): Promise<void> {
  expect((await fetch(`${doh}/control/records`, { method: "PUT", body: JSON.stringify(records) })).status).toBe(200);
}

async function queriedNames(): Promise<string[]> {
  return ((await (await fetch(`${doh}/control/queries`)).json()) as { queries: Array<{ name: string }> }).queries.map((q) => q.name);
}

async function newTask(): Promise<string> {
  const res = await rpc<{ task: TaskLike }>("SendMessage", { message: userMessage("hello") }, AUTH);
  if (!res.result) throw new Error(`SendMessage failed: ${JSON.stringify(res.error)}`);
  return res.result.task.id;
}

async function createConfig(taskId: string, url: string) {
  return rpc<{ id: string; url: string }>("CreateTaskPushNotificationConfig", { taskId, url }, AUTH);
}

await zone({
  "hooks.acme-a2a.com": { A: ["93.184.216.34"], AAAA: ["2606:2800:220:1:248:1893:25c8:1946"] },
  "loop.acme-a2a.com": { A: ["127.0.0.1"] },
  "mixed.acme-a2a.com": { A: ["93.184.216.34", "10.0.0.5"] },
  "v6.acme-a2a.com": { A: ["93.184.216.34"], AAAA: ["fd00::1"] },
  "mapped.acme-a2a.com": { AAAA: ["::ffff:169.254.169.254"] },
  "alias.acme-a2a.com": { CNAME: ["printer.local."], A: ["93.184.216.34"] },
  "empty.acme-a2a.com": {},
  // Answers that only look like addresses (issue 23, minor: DoH answers parsed strictly).
  "spaced.acme-a2a.com": { A: ["127.0.0.1 "] },
  "newline.acme-a2a.com": { A: ["93.184.216.34", "10.0.0.1\n"] },
  "zoned.acme-a2a.com": { AAAA: ["fe80::1%eth0"] },
  "octal.acme-a2a.com": { A: ["0177.0.0.1"] },
  "badalias.acme-a2a.com": { CNAME: ["printer .local."], A: ["93.184.216.34"] },
});
await fetch(`${doh}/control/status`, { method: "PUT", body: JSON.stringify({ "servfail.acme-a2a.com": 2 }) });

describe("push callback names checked through DNS-over-HTTPS (issue 10 item 3)", () => {
  it("stores a name whose every answer is public, after asking the resolver", async () => {
    const taskId = await newTask();
    const res = await createConfig(taskId, "https://hooks.acme-a2a.com/a2a");
    expect(res.error).toBeUndefined();
    expect(res.result?.url).toBe("https://hooks.acme-a2a.com/a2a");
    expect(await queriedNames()).toContain("hooks.acme-a2a.com");
  });

  it.each([
    ["an A record on loopback", "https://loop.acme-a2a.com/a2a", CALLBACK_URL_MESSAGES.privateHost],
    ["one private A among public ones", "https://mixed.acme-a2a.com/a2a", CALLBACK_URL_MESSAGES.privateHost],
    ["a unique-local AAAA", "https://v6.acme-a2a.com/a2a", CALLBACK_URL_MESSAGES.privateHost],
    ["an IPv4-mapped metadata address", "https://mapped.acme-a2a.com/a2a", CALLBACK_URL_MESSAGES.privateHost],
    ["a CNAME to a .local name", "https://alias.acme-a2a.com/a2a", CALLBACK_URL_MESSAGES.privateHost],
    ["NXDOMAIN", "https://nx.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.doesNotResolve],
    ["no address at all", "https://empty.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.doesNotResolve],
    ["a resolver failure (SERVFAIL): fails closed", "https://servfail.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
    ["issue 23: an A answer with a trailing space (not a public name)", "https://spaced.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
    ["issue 23: an A answer with a newline among public ones", "https://newline.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
    ["issue 23: an AAAA answer with a zone id", "https://zoned.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
    ["issue 23: an A answer in octal", "https://octal.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
    ["issue 23: a CNAME that is not a DNS name", "https://badalias.acme-a2a.com/a2a", DNS_CHECK_MESSAGES.resolverFailed],
  ])("refuses %s with -32602 and stores nothing", async (_name, url, message) => {
    const taskId = await newTask();
    const res = await createConfig(taskId, url);
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toBe(message);
    const list = await rpc<{ configs: unknown[] }>("ListTaskPushNotificationConfigs", { taskId }, AUTH);
    expect(list.result?.configs).toEqual([]);
  });

  it("refuses an inline config of SendMessage the same way, before any task exists", async () => {
    const res = await rpc(
      "SendMessage",
      { message: userMessage("x", { contextId: "dns-inline" }), configuration: { taskPushNotificationConfig: { url: "https://loop.acme-a2a.com/a2a" } } },
      AUTH,
    );
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toBe(CALLBACK_URL_MESSAGES.privateHost);
    const list = await rpc<{ totalSize: number }>("ListTasks", { contextId: "dns-inline" }, AUTH);
    expect(list.result?.totalSize).toBe(0);
  });

  it("checks again before every delivery: a name rebound to loopback since it was stored is dead-lettered, never posted", async () => {
    await zone({ "rebind.acme-a2a.com": { A: ["93.184.216.34"] } });
    const taskId = await newTask();
    expect((await createConfig(taskId, "https://rebind.acme-a2a.com/hook")).error).toBeUndefined();
    await zone({ "rebind.acme-a2a.com": { A: ["127.0.0.1"] } });
    const next = await rpc("SendMessage", { message: userMessage("again", { taskId }) }, AUTH);
    expect(next.error).toBeUndefined();
    let deliveries: Array<{ state: string; lastError?: string }> = [];
    for (let i = 0; i < 100 && !deliveries.some((d) => d.state === "dead"); i++) {
      await sleep(100);
      const log = await worker().fetch(`${BASE}/iac-code/tasks/${taskId}/push-deliveries`, { headers: AUTH });
      deliveries = ((await log.json()) as { deliveries: typeof deliveries }).deliveries;
    }
    expect(deliveries).toContainEqual(expect.objectContaining({ state: "dead", lastError: CALLBACK_URL_MESSAGES.privateHost }));
  });
});
