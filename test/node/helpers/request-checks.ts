/**
 * Request checks written out, for the pure tests and benches of what a turn's end does with one
 * (src/agent/reply-check.ts, src/agent/request-check-bounds.ts): a check with one value found and
 * one missing, and one with every value found.
 */
import type { RequestCheck } from "../../../src/iac";

export const MISSING_CHECK: RequestCheck = {
  applied: [{ kind: "port", text: "443", where: "SecurityGroup.SecurityGroupIngress[0].PortRange" }],
  notExpressed: [{ kind: "cidr", text: "10.8.0.0/16", target: "network", reason: "missing" }],
  unrequested: [],
  broader: [],
  unplaced: [],
};

export const COMPLETE_CHECK: RequestCheck = { ...MISSING_CHECK, notExpressed: [] };
