/**
 * What a request costs inside the Durable Objects, counted: the SQL statements an object runs
 * (its `sql.exec`, wrapped), the rows the runtime bills them for (each cursor's own `rowsRead` and
 * `rowsWritten`, summed when asked), the alarms it sets, and the RPC calls a class of objects
 * receives (its prototype's RPC methods, wrapped). The objects run unchanged; the wrappers only
 * count. Shared by the request-costs test, which pins the counts, and by `npm run bench:micro`,
 * which reports them and prices them (bench/micro/prices.ts).
 */
import { runInDurableObject } from "cloudflare:test";

/** The RPC methods of each class: a call of any of them is a hop into an object of that class. */
export const CONTEXT_AGENT_RPCS = ["sendMessage", "getTask", "cancelTask", "subscribe", "indexRowOf"] as const;
export const TASK_INDEX_RPCS = ["apply", "list", "exportRows"] as const;

const COUNTED = Symbol("counted");

export interface Counter {
  count: number;
}

export function counter(): Counter {
  return { count: 0 };
}

export function reset(...counters: Array<Counter | Meter>): void {
  for (const c of counters) {
    if (c instanceof Meter) c.reset();
    else c.count = 0;
  }
}

/** What Cloudflare bills an object's storage by, for the requests since the last reset. */
export interface Units {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** `setAlarm` calls (an alarm's later run is a billed request of its own). */
  alarmsSet: number;
}

/**
 * The billed units of one or more objects. A cursor's `rowsRead`/`rowsWritten` grow as it is
 * stepped, so the cursors are kept and summed when the figures are read (after the request,
 * when every statement has run); a reset drops them.
 */
export class Meter {
  private cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
  private statements = 0;
  private alarmsSet = 0;

  statement(cursor: SqlStorageCursor<Record<string, SqlStorageValue>>): void {
    this.statements++;
    this.cursors.push(cursor);
  }

  alarm(): void {
    this.alarmsSet++;
  }

  units(): Units {
    let rowsRead = 0;
    let rowsWritten = 0;
    for (const cursor of this.cursors) {
      rowsRead += cursor.rowsRead;
      rowsWritten += cursor.rowsWritten;
    }
    return { statements: this.statements, rowsRead, rowsWritten, alarmsSet: this.alarmsSet };
  }

  reset(): void {
    this.cursors = [];
    this.statements = 0;
    this.alarmsSet = 0;
  }
}

/** Meters the object behind `stub` from now on (for its lifetime): its statements, their rows, its alarms. */
export async function meterObject(stub: DurableObjectStub, into: Meter = new Meter()): Promise<Meter> {
  await runInDurableObject(stub, (_instance: unknown, state) => {
    const sql = state.storage.sql as SqlStorage & { exec: SqlStorage["exec"] };
    const exec = sql.exec.bind(sql);
    sql.exec = ((query: string, ...bindings: SqlStorageValue[]) => {
      const cursor = exec(query, ...bindings);
      into.statement(cursor);
      return cursor;
    }) as SqlStorage["exec"];
    const storage = state.storage as DurableObjectStorage & { setAlarm: DurableObjectStorage["setAlarm"] };
    const setAlarm = storage.setAlarm.bind(storage);
    storage.setAlarm = ((time: number | Date, options?: DurableObjectSetAlarmOptions) => {
      into.alarm();
      return setAlarm(time, options);
    }) as DurableObjectStorage["setAlarm"];
  });
  return into;
}

/** `sql` with `onStatement` told of every statement before it runs (a proxy: the object's own handle is untouched). */
export function watchingSql(sql: SqlStorage, onStatement: (query: string) => void): SqlStorage {
  return new Proxy(sql, {
    get(target, key) {
      if (key === "exec") {
        return (query: string, ...bindings: SqlStorageValue[]) => {
          onStatement(query);
          return target.exec(query, ...bindings);
        };
      }
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** Tells `onStatement` of every statement the object behind `stub` runs from now on (for its lifetime). */
export async function watchStatements(stub: DurableObjectStub, onStatement: (query: string) => void): Promise<void> {
  await runInDurableObject(stub, (_instance: unknown, state) => {
    const sql = state.storage.sql as SqlStorage & { exec: SqlStorage["exec"] };
    const exec = sql.exec.bind(sql);
    sql.exec = ((query: string, ...bindings: SqlStorageValue[]) => {
      onStatement(query);
      return exec(query, ...bindings);
    }) as SqlStorage["exec"];
  });
}

/** Counts the statements the object behind `stub` runs from now on (for its lifetime). */
export async function countStatements(stub: DurableObjectStub, into: Counter = counter()): Promise<Counter> {
  await watchStatements(stub, () => into.count++);
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
      // Counted twice, every call would count twice: one counter per class and isolate.
      if (COUNTED in method) throw new Error(`${name} is counted already`);
      prototype[name] = Object.assign(
        function (this: unknown, ...args: unknown[]) {
          into.count++;
          return (method as (...a: unknown[]) => unknown).apply(this, args);
        },
        { [COUNTED]: true },
      );
    }
  });
  return into;
}
