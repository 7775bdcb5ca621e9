/**
 * Issue 19 item 6: the request-check suite through the real Worker, Durable Objects, R2 and the
 * offline agent. Every request of test/worker/iac/request-suite-cases.ts is sent as a streaming
 * message (conversations in one context); for each generation or edit turn the final status's
 * `metadata.iac_code.requestCheck` must account for every value the request states — in the
 * template, or in the reply's "Not expressed in the template" — and list exactly the known
 * unrequested billable resources; the reply is in the request's language; every template passes
 * the validator. The summary line counts silent drops (a stated value neither in the template nor
 * named in the reply), which must be 0.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readSse, stream, userMessage, worker, type SseEvent } from "../helpers/rpc";
import { validateTemplate } from "../../../src/iac";
import { ALL_CASES, type SuiteTurn } from "../iac/request-suite-cases";

interface Checked {
  kind: string;
  text: string;
  where?: string;
}
interface RequestCheckMetadata {
  applied: Checked[];
  notExpressed: Checked[];
  unrequested: Array<{ resource: string; type: string }>;
}
interface TurnOutcome {
  reply: string;
  check?: RequestCheckMetadata;
  template?: string;
  contextId: string;
}

const HAN = /[\u4e00-\u9fff]/;
const tally = { requests: 0, values: 0, applied: 0, listed: 0, silentDrops: [] as string[], unrequested: [] as string[] };

async function turn(ask: string, contextId: string | undefined): Promise<TurnOutcome> {
  const events: SseEvent[] = await readSse(await stream("SendStreamingMessage", { message: userMessage(ask, contextId ? { contextId } : {}) }));
  const results = events.map((event) => event.data.result ?? {});
  const final = results.at(-1)?.statusUpdate as
    | {
        contextId: string;
        status: { state: string; message?: { parts: Array<{ text?: string }> } };
        metadata?: { iac_code?: { requestCheck?: RequestCheckMetadata } };
      }
    | undefined;
  expect(final?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  const artifact = results
    .flatMap((result) =>
      ((result.artifactUpdate as { artifact?: { parts: Array<{ url?: string }> } } | undefined)?.artifact?.parts ?? []).map((part) => part.url),
    )
    .filter((url): url is string => url !== undefined)
    .at(-1);
  const template = artifact ? await (await worker().fetch(artifact)).text() : undefined;
  const check = final?.metadata?.iac_code?.requestCheck;
  return {
    reply: final?.status.message?.parts[0]?.text ?? "",
    ...(check ? { check } : {}),
    ...(template ? { template } : {}),
    contextId: final?.contextId ?? "",
  };
}

/** Each stated value, found by the check in the template or named in the reply; the misses listed, never hidden. */
function assertValues(step: SuiteTurn, outcome: TurnOutcome, label: string): void {
  const check = outcome.check;
  for (const expected of step.values ?? []) {
    tally.values += 1;
    const [kind, ...rest] = expected.split(":");
    const fragment = rest.join(":").toLowerCase();
    const matches = (value: Checked) => value.kind === kind && value.text.toLowerCase().includes(fragment);
    if (check?.applied.some(matches)) tally.applied += 1;
    else if (check?.notExpressed.some((value) => matches(value) && outcome.reply.includes(`\`${value.text}\``))) tally.listed += 1;
    else tally.silentDrops.push(`${label}: ${expected}`);
  }
  for (const missed of check?.notExpressed ?? []) expect(outcome.reply, `${label}: ${missed.text} is named in the reply`).toContain(`\`${missed.text}\``);
  if ((check?.notExpressed.length ?? 0) > 0) expect(outcome.reply).toMatch(/^\*\*(?:Request check: \d{1,3} of the|请求核对：你给出的)/);
  const unrequested = (check?.unrequested ?? []).map((resource) => resource.type).sort();
  tally.unrequested.push(...unrequested.map((type) => `${label}: ${type}`));
  expect(unrequested, `${label}: unrequested billable resources`).toEqual([...(step.unrequested ?? [])].sort());
}

function assertTurn(step: SuiteTurn, outcome: TurnOutcome, label: string): void {
  tally.requests += 1;
  const requestHan = HAN.test(step.ask.replace(/```[\s\S]*?```/g, "").split("\n")[0] ?? "");
  expect(HAN.test(outcome.reply.slice(0, 80)), `${label}: reply language: ${outcome.reply.slice(0, 120)}`).toBe(requestHan);
  if (outcome.template && !outcome.template.includes("Aliyun::OpenTofu") && !/^resource "/m.test(outcome.template)) {
    expect(validateTemplate(outcome.template).diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  }
  let at = 0;
  for (const pattern of step.says ?? []) {
    const match = pattern.exec(outcome.reply.slice(at));
    expect(match, `${label}: ${pattern} in ${outcome.reply.slice(0, 400)}`).not.toBeNull();
    at += (match?.index ?? 0) + (match?.[0].length ?? 0);
  }
  const skill = step.skill ?? "generation";
  if (skill === "generation") {
    // A turn with a template, or with stated values, carries the check; one with neither has nothing to check.
    if (outcome.template || (step.values ?? []).length > 0) expect(outcome.check, `${label}: metadata.iac_code.requestCheck`).toBeDefined();
    assertValues(step, outcome, label);
  } else {
    // Reviews, conversions and stack explanations hand back the user's own template or none: no check.
    expect(outcome.check).toBeUndefined();
  }
}

describe("issue 19 item 6: the request-check suite through the Worker and the offline agent", { timeout: 120_000 }, () => {
  for (const suiteCase of ALL_CASES) {
    it(suiteCase.name, async () => {
      let contextId: string | undefined;
      for (const [index, step] of suiteCase.turns.entries()) {
        const outcome = await turn(step.ask, contextId);
        contextId = outcome.contextId;
        assertTurn(step, outcome, `${suiteCase.name} #${index + 1}`);
      }
    });
  }

  afterAll(() => {
    console.log(
      `request suite: ${tally.requests} requests, ${tally.values} stated values: ${tally.applied} in the template, ${tally.listed} listed as not expressed, ${tally.silentDrops.length} silent drops; ${tally.unrequested.length} unrequested billable resources`,
    );
    if (tally.silentDrops.length > 0) console.log(`silent drops:\n${tally.silentDrops.join("\n")}`);
    if (tally.unrequested.length > 0) console.log(`unrequested billable resources:\n${tally.unrequested.join("\n")}`);
    expect(tally.silentDrops).toEqual([]);
  });
});
