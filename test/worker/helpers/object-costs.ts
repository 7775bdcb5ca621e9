/**
 * What a request costs inside the Durable Objects, counted: the SQL statements an object runs
 * (its `sql.exec`, wrapped) and the RPC calls a class of objects receives (its prototype's RPC
 * methods, wrapped). The objects run unchanged; the wrappers only count. Shared by the
 * request-costs test, which guards the counts, and by `npm run bench:micro`, which reports them.
 */
import { runInDurableObject } from "cloudflare:test";

/** The RPC methods of each class: a call of any of them is a hop into an object of that class. */
export const CONTEXT_AGENT_RPCS = ["sendMessage", "getTask", "cancelTask", "subscribe", "indexRowOf"] as const;
export const TASK_INDEX_RPCS = ["apply", "list", "exportRows"] as const;

export interface Counter {
  count: number;
}

export function counter(): Counter {
  return { count: 0 };
}

export function reset(...counters: Counter[]): void {
  for (const c of counters) c.count = 0;
}

/** Counts the statements the object behind `stub` runs from now on (for its lifetime). */
export async function countStatements(stub: DurableObjectStub, into: Counter = counter()): Promise<Counter> {
  await runInDurableObject(stub, (_instance: unknown, state) => {
    const sql = state.storage.sql as SqlStorage & { exec: SqlStorage["exec"] };
    const exec = sql.exec.bind(sql);
    sql.exec = ((query: string, ...bindings: SqlStorageValue[]) => {
      into.count++;
      return exec(query, ...bindings);
    }) as SqlStorage["exec"];
  });
  return into;
}

/**
 * Counts the calls of `methods` on every object of the class of the object behind `stub` (the
 * methods of its prototype, which RPC calls), from now on.
 */
export async function countCalls(stub: DurableObjectStub, methods: readonly string[], into: Counter = counter()): Promise<Counter> {
  await runInDurableObject(stub, (instance: object) => {
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of methods) {
      const method = prototype[name];
      if (typeof method !== "function") throw new Error(`no method ${name} to count`);
      prototype[name] = function (this: unknown, ...args: unknown[]) {
        into.count++;
        return (method as (...a: unknown[]) => unknown).apply(this, args);
      };
    }
  });
  return into;
}
