/**
 * One turn of a request-suite context through the real IaC agent in Node (its turn loop, the
 * offline provider, the real tools and the server's own request check), as the suite's summary
 * (request-suite-summary.test.ts) and its mutation run (request-check-mutations.test.ts) drive it.
 */
import type { JsonObject, Message } from "../../../src/a2a/types";
import { IacAgent } from "../../../src/agent/iac-agent";
import { OfflineProvider } from "../../../src/agent/offline-provider";
import type { AgentEvent } from "../../../src/agent/runtime";
import type { RequestCheckOutcome, TurnOutcome } from "../../worker/iac/request-suite-assert";

const agent = new IacAgent(() => ({ provider: new OfflineProvider(), model: "offline" }));

export const message = (role: Message["role"], text: string, id: string): Message => ({ messageId: id, role, parts: [{ text }] });

/** One turn of a context through the agent; the history is what the Durable Object would store. */
export async function turn(ask: string, history: Message[]): Promise<TurnOutcome> {
  const turnStart = agent.start({
    taskId: `t-${history.length}`,
    contextId: "suite",
    message: message("ROLE_USER", ask, `u-${history.length}`),
    prompt: ask,
    history,
    cwd: undefined,
    signal: new AbortController().signal,
  });
  if (turnStart.kind !== "task") throw new Error("the IaC agent answers with a task");
  let reply = "";
  let template: string | undefined;
  let check: JsonObject | undefined;
  for await (const event of turnStart.events as AsyncIterable<AgentEvent>) {
    if (event.type === "text") reply += event.text;
    if (event.type === "file") template = event.content;
    if (event.type === "end") {
      reply = event.text ?? reply;
      check = event.requestCheck;
    }
  }
  return { reply, ...(template ? { template } : {}), ...(check ? { check: check as unknown as RequestCheckOutcome } : {}) };
}
