/**
 * Issue 19 item 6: what every turn of the request-check suite must show, shared by its two
 * runners — through the Worker and Durable Objects (test/worker/iac-agent/request-suite.test.ts)
 * and through the IaC agent's turn loop in Node, which prints the suite's summary line
 * (test/node/request-suite-summary.test.ts). A stated value is accounted for when the check found it
 * in the template or lists it as not expressed and the reply names it; anything else is a silent
 * drop. Nothing here depends on the runtime: the outcome of a turn is plain data.
 */
import { expect } from "vitest";
import { validateTemplate } from "../../../src/iac";
import type { SuiteTurn } from "./request-suite-cases";

export interface Checked {
  kind: string;
  text: string;
  where?: string;
}

export interface RequestCheckOutcome {
  applied: Checked[];
  notExpressed: Checked[];
  unrequested: Array<{ resource: string; type: string }>;
  broader?: Array<{ kind: string; text: string }>;
}

export interface TurnOutcome {
  reply: string;
  check?: RequestCheckOutcome;
  template?: string;
}

export interface SuiteTally {
  requests: number;
  values: number;
  applied: number;
  listed: number;
  silentDrops: string[];
  unrequested: string[];
}

export const newTally = (): SuiteTally => ({ requests: 0, values: 0, applied: 0, listed: 0, silentDrops: [], unrequested: [] });

const HAN = /[\u4e00-\u9fff]/;

function assertValues(step: SuiteTurn, outcome: TurnOutcome, label: string, tally: SuiteTally): void {
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
  for (const expected of step.inTemplate ?? []) {
    const [kind, ...rest] = expected.split(":");
    const fragment = rest.join(":").toLowerCase();
    expect(
      check?.applied.some((value) => value.kind === kind && value.text.toLowerCase().includes(fragment)),
      `${label}: ${expected} in the template`,
    ).toBe(true);
  }
  for (const missed of check?.notExpressed ?? []) expect(outcome.reply, `${label}: ${missed.text} is named in the reply`).toContain(`\`${missed.text}\``);
  // Never a reply that reads as success while the check lists a miss: its headline comes first.
  if ((check?.notExpressed.length ?? 0) > 0) expect(outcome.reply).toMatch(/^\*\*(?:Request check: \d{1,3} of the|请求核对：你给出的)/);
  const unrequested = (check?.unrequested ?? []).map((resource) => resource.type).sort();
  tally.unrequested.push(...unrequested.map((type) => `${label}: ${type}`));
  expect(unrequested, `${label}: unrequested billable resources`).toEqual([...(step.unrequested ?? [])].sort());
}

export function assertTurn(step: SuiteTurn, outcome: TurnOutcome, label: string, tally: SuiteTally): void {
  tally.requests += 1;
  const requestHan = HAN.test(step.ask.split("\n")[0] ?? "");
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
  if ((step.skill ?? "generation") === "generation") {
    // A turn with a template, or with stated values, carries the check; one with neither has nothing to check.
    if (outcome.template || (step.values ?? []).length > 0) expect(outcome.check, `${label}: metadata.iac_code.requestCheck`).toBeDefined();
    assertValues(step, outcome, label, tally);
  } else {
    // Reviews, conversions and stack explanations hand back the user's own template or none: no check.
    expect(outcome.check).toBeUndefined();
  }
}

export function summaryLine(tally: SuiteTally): string {
  return `request suite: ${tally.requests} requests, ${tally.values} stated values: ${tally.applied} in the template, ${tally.listed} listed as not expressed, ${tally.silentDrops.length} silent drops; ${tally.unrequested.length} unrequested billable resources${tally.unrequested.length > 0 ? ` (${tally.unrequested.join("; ")})` : ""}`;
}
