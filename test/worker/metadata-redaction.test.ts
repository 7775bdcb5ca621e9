/**
 * Secrets in message metadata are for the turn only (issue 10 item 4): every value under a
 * secret-named key (the list shared with the error sanitizer), strings, numbers, objects and
 * arrays alike, is `[REDACTED]` wherever the message is echoed: GetTask, ListTasks and streams.
 */
import { describe, expect, it } from "vitest";
import { ok, readSse, stream, userMessage, type TaskLike } from "./helpers/rpc";

const METADATA = {
  iac_code: {
    alibaba_cloud_access_key_id: "LTAI5tAbCdEfGhIjKlMn",
    alibaba_cloud_access_key_secret: "s3cr3t-value",
    alibaba_cloud_security_token: "CAIS-sts-token",
    alibaba_cloud_region_id: "cn-beijing",
    model_api_key: "sk-per-turn-0001",
    credentials: { user: "bob", pin: 1234 },
    providers: [
      { name: "p1", apiKey: "k-1" },
      { name: "p2", accessKeyId: ["AK1", "AK2"] },
    ],
    max_tokens: 100,
  },
};
const SECRETS = ["LTAI5tAbCdEfGhIjKlMn", "s3cr3t-value", "CAIS-sts-token", "sk-per-turn-0001", "bob", "1234", "k-1", "AK1", "AK2", "proto-secret"];
const EXPECTED = {
  alibaba_cloud_access_key_id: "[REDACTED]",
  alibaba_cloud_access_key_secret: "[REDACTED]",
  alibaba_cloud_security_token: "[REDACTED]",
  alibaba_cloud_region_id: "cn-beijing",
  model_api_key: "[REDACTED]",
  credentials: "[REDACTED]",
  providers: [
    { name: "p1", apiKey: "[REDACTED]" },
    { name: "p2", accessKeyId: "[REDACTED]" },
  ],
  max_tokens: "[REDACTED]",
};

function withSecrets(text: string) {
  // JSON.parse keeps `__proto__` as a plain own field, as a request body would.
  const json = `${JSON.stringify(METADATA).slice(0, -1)},"__proto__":{"password":"proto-secret"}}`;
  return { ...userMessage(text), metadata: JSON.parse(json) as Record<string, unknown> };
}

function expectNoSecret(body: string): void {
  for (const secret of SECRETS) expect(body).not.toContain(secret);
}

describe("secret-named metadata is masked in every echo (issue 10 item 4)", () => {
  it("GetTask and ListTasks show [REDACTED] for every secret-named value, at any depth", async () => {
    const { task } = await ok<{ task: TaskLike }>("SendMessage", { message: withSecrets("hello") });
    const got = await ok<{ history: Array<{ metadata?: { iac_code: unknown } }> }>("GetTask", { id: task.id, historyLength: 10 });
    const echoed = got.history.find((m) => m.metadata)?.metadata;
    expect(echoed?.iac_code).toEqual(EXPECTED);
    expectNoSecret(JSON.stringify(got));
    const list = await ok<{ tasks: unknown[] }>("ListTasks", { contextId: task.contextId, historyLength: 10 });
    expect(list.tasks).toHaveLength(1);
    expectNoSecret(JSON.stringify(list));
  });

  it("a stream never carries them", async () => {
    const res = await stream("SendStreamingMessage", { message: withSecrets("stream me") });
    const events = await readSse(res);
    expect(events.length).toBeGreaterThan(0);
    expectNoSecret(JSON.stringify(events));
  });
});
