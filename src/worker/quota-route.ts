/**
 * The caller's own quota (an iac-code extension, not an A2A method; issue 30 item 5):
 *   GET /iac-code/quota  →  {"usage": {contexts, pushConfigs, uploads, bytes}, "limits": {…}}
 * so a client can see how near it is to a limit before a request is refused. Only the caller's
 * own counters (its OwnerQuota object); one RPC, on this route only.
 */
import { Hono } from "hono";
import type { Config } from "../config/config";
import { ownerQuotaFor } from "../durable/stubs";

export const quotaRoute = new Hono<{ Bindings: Env; Variables: { owner: string; config: Config } }>();

quotaRoute.get("/iac-code/quota", async (c) => {
  const usage = await ownerQuotaFor(c.env, c.var.owner).usage();
  return c.json({ usage, limits: c.var.config.quotas });
});
