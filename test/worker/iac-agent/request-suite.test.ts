/**
 * Issue 19 item 6: the request-check suite through the real Worker, Durable Objects, R2 and the
 * offline agent. Every request of test/worker/iac/request-suite-cases.ts is sent as a streaming
 * message (conversations in one context); for each generation or edit turn the final status's
 * `metadata.iac_code.requestCheck` must account for every value the request states — in the
 * template, or in the reply's "Not expressed in the template" — and list exactly the known
 * unrequested billable resources; the reply is in the request's language; every template passes
 * the validator (request-suite-assert.ts). Silent drops (a stated value neither in the template nor
 * named in the reply) must be 0; test/node/request-suite-summary.test.ts prints the summary line.
 */
import { afterAll, describe, expect, it } from "vitest";
import { readSse, stream, userMessage, worker, type SseEvent } from "../helpers/rpc";
import { ALL_CASES } from "../iac/request-suite-cases";
import { assertTurn, newTally, summaryLine, type RequestCheckOutcome, type TurnOutcome } from "../iac/request-suite-assert";

const tally = newTally();

async function turn(ask: string, contextId: string | undefined): Promise<TurnOutcome & { contextId: string }> {
  const events: SseEvent[] = await readSse(await stream("SendStreamingMessage", { message: userMessage(ask, contextId ? { contextId } : {}) }));
  const results = events.map((event) => event.data.result ?? {});
  const final = results.at(-1)?.statusUpdate as
    | {
        contextId: string;
        status: { state: string; message?: { parts: Array<{ text?: string }> } };
        metadata?: { iac_code?: { requestCheck?: RequestCheckOutcome } };
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

describe("issue 19 item 6: the request-check suite through the Worker and the offline agent", { timeout: 120_000 }, () => {
  for (const suiteCase of ALL_CASES) {
    it(suiteCase.name, async () => {
      let contextId: string | undefined;
      for (const [index, step] of suiteCase.turns.entries()) {
        const outcome = await turn(step.ask, contextId);
        contextId = outcome.contextId;
        assertTurn(step, outcome, `${suiteCase.name} #${index + 1}`, tally);
      }
    });
  }

  afterAll(() => {
    // Shown when the suite fails (the project prints only failing tests' output); the Node runner prints it always.
    console.log(summaryLine(tally));
    if (tally.silentDrops.length > 0) console.log(`silent drops:\n${tally.silentDrops.join("\n")}`);
    expect(tally.silentDrops).toEqual([]);
  });
});
