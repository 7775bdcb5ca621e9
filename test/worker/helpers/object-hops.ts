/**
 * Issue 22 item 4's observable: the RPC calls every ContextAgent and every TaskIndex receives (the
 * objects' own methods, counted by object-costs.ts; nothing is mocked), to prove that a refused
 * request reached no Durable Object. And a WebSocket client that waits for the reply to each id.
 */
import { env } from "cloudflare:workers";
import { configOf } from "../../../src/config/config";
import { contextAgentFor, taskIndexFor } from "../../../src/durable/stubs";
import { shardOf } from "../../../src/durable/task-index/index-layout";
import { BASE, type RpcResponse, worker } from "./rpc";
import { TASK_INDEX_RPCS, countCalls, counter, reset } from "./object-costs";

/** Every RPC method of the ContextAgent: a call of any of them is a hop into a context's object. */
export const CONTEXT_AGENT_METHODS = [
  "sendMessage",
  "getTask",
  "cancelTask",
  "subscribe",
  "indexRowOf",
  "createPushConfig",
  "getPushConfig",
  "listPushConfigs",
  "deletePushConfig",
  "pushDeliveries",
  "recordPushResult",
  "dispatchPush",
] as const;

/** Counts, from now on, the RPC calls into every ContextAgent and TaskIndex (once per test file). */
export async function countHops() {
  const agent = counter();
  const index = counter();
  const { shards } = configOf(env).indexLayout;
  const probe = "object-hops-probe";
  await countCalls(contextAgentFor(env, "anonymous", probe), CONTEXT_AGENT_METHODS, agent);
  await countCalls(taskIndexFor(env, "anonymous", shardOf(probe, shards), shards), TASK_INDEX_RPCS, index);
  return {
    agent,
    reset: () => reset(agent, index),
    /** The calls since the last reset, labelled with what the test sent. */
    since: (kind: string) => ({ kind, agent: agent.count, index: index.count }),
  };
}

/** A WebSocket (A2A-Version 1.0) whose `call` sends one JSON-RPC request and waits for its reply. */
export async function openSocket() {
  const res = await worker().fetch(new Request(`${BASE}/`, { headers: { Upgrade: "websocket", "A2A-Version": "1.0" } }));
  const ws = res.webSocket;
  if (!ws) throw new Error(`no socket (${res.status})`);
  ws.accept();
  const replies = new Map<unknown, RpcResponse>();
  ws.addEventListener("message", (event) => {
    const reply = JSON.parse(String(event.data)) as RpcResponse;
    replies.set(reply.id, reply);
  });
  const call = async (id: string, method: string, params: unknown): Promise<RpcResponse> => {
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    const deadline = Date.now() + 20_000;
    while (!replies.has(id)) {
      if (Date.now() > deadline) throw new Error(`no reply to ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return replies.get(id) as RpcResponse;
  };
  return { ws, call };
}
