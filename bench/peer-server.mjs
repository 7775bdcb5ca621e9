/**
 * The peer: an A2A 1.0 JSON-RPC server built on @a2a-js/sdk 1.x (DefaultRequestHandler, the
 * express JSON-RPC and agent-card handlers) with an executor that behaves like our conformance
 * agent for the scenarios the bench drives:
 *   tck-complete-task*  task(submitted) → working → completed "Hello from TCK"
 *   tck-stream-001*     task(submitted) → working → artifact → completed
 *   anything else       task(submitted) → working → input-required with a short text answer
 *
 *
 * Its task store is what a user of the SDK would pick: `InMemoryTaskStore` (`{ store: "memory" }`),
 * or the SDK's durable `DatabaseTaskStore` (Kysely) on SQLite through better-sqlite3
 * (`{ store: "sqlite", path, journal }`: journal_mode WAL or DELETE, synchronous=FULL) or on
 * PostgreSQL through pg (`{ store: "postgres", url }`). The database tables are created first with
 * the SDK's own migration command (`a2a-db upgrade`), as its documentation has an operator do.
 *
 * Run as a child process of bench/run.mjs (so its CPU and memory are its own): the parent sends
 * `{ card, store }` over IPC (our agent card, so both servers serve the same card), the child
 * listens on 127.0.0.1 with an ephemeral port and answers `{ port }`. It exits when the parent
 * disconnects or sends `{ stop: true }`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import express from "express";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler } from "@a2a-js/sdk/server/express";

/** Connections of the PostgreSQL pool: as many as the bench's load connections, so none waits for one. */
const POSTGRES_POOL_SIZE = 10;

const now = () => new Date().toISOString();

function textPart(text) {
  return { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "" };
}

function agentMessage(taskId, contextId, messageId, text) {
  return {
    messageId,
    contextId,
    taskId,
    role: Role.ROLE_AGENT,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function status(taskId, contextId, state, text) {
  return {
    taskId,
    contextId,
    status: { state, timestamp: now(), message: text ? agentMessage(taskId, contextId, `${taskId}-${state}`, text) : undefined },
    metadata: undefined,
  };
}

function promptOf(message) {
  return (message.parts ?? []).map((p) => (p.content?.$case === "text" ? p.content.value : "")).join("\n");
}

/** The conformance-agent subset used by the bench. */
class ConformanceLikeExecutor {
  async execute(requestContext, bus) {
    const { taskId, contextId, userMessage, task } = requestContext;
    const id = userMessage.messageId;
    if (!task) {
      bus.publish(
        AgentEvent.task({
          id: taskId,
          contextId,
          status: { state: TaskState.TASK_STATE_SUBMITTED, timestamp: now(), message: undefined },
          artifacts: [],
          history: [userMessage],
          metadata: undefined,
        }),
      );
    }
    bus.publish(AgentEvent.statusUpdate(status(taskId, contextId, TaskState.TASK_STATE_WORKING)));
    if (id.startsWith("tck-complete-task")) {
      bus.publish(AgentEvent.statusUpdate(status(taskId, contextId, TaskState.TASK_STATE_COMPLETED, "Hello from TCK")));
      return;
    }
    if (id.startsWith("tck-stream-001")) {
      bus.publish(
        AgentEvent.artifactUpdate({
          taskId,
          contextId,
          artifact: {
            artifactId: "stream-artifact",
            name: "",
            description: "",
            parts: [textPart("Stream hello from TCK")],
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
          metadata: undefined,
        }),
      );
      bus.publish(AgentEvent.statusUpdate(status(taskId, contextId, TaskState.TASK_STATE_COMPLETED)));
      return;
    }
    const prompt = promptOf(userMessage);
    const preview = prompt.length > 200 ? `${prompt.slice(0, 200)}…` : prompt;
    bus.publish(AgentEvent.statusUpdate(status(taskId, contextId, TaskState.TASK_STATE_INPUT_REQUIRED, `Received: ${preview}`)));
  }

  async cancelTask(taskId, bus) {
    bus.publish(AgentEvent.statusUpdate(status(taskId, "", TaskState.TASK_STATE_CANCELED)));
  }
}

/** `a2a-db upgrade --url <url>`: the SDK's migration command creates its tables. */
function migrate(url) {
  // The package's exports name no package.json: find its root from its main entry (dist/index.*).
  const root = dirname(dirname(createRequire(import.meta.url).resolve("@a2a-js/sdk")));
  const cli = join(root, JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin["a2a-db"]);
  const res = spawnSync(process.execPath, [cli, "upgrade", "--url", url], { encoding: "utf8" });
  if (res.status !== 0) throw new Error(`a2a-db upgrade failed (exit ${res.status}): ${res.stderr || res.stdout}`);
}

/** The SQL statements the SQLite store has run, when `store.countStatements` is set (Kysely's query log): what bench/bytes.mjs compares our counts with. */
let statements = 0;
const countingLog = (event) => {
  if (event.level === "query") statements++;
};

async function taskStoreOf(store) {
  if (!store || store.kind === "memory") return new InMemoryTaskStore();
  const { Kysely, PostgresDialect, SqliteDialect } = await import("kysely");
  const { DatabaseTaskStore } = await import("@a2a-js/sdk/server/database");
  if (store.kind === "sqlite") {
    migrate(`sqlite:${store.path}`);
    const { default: Database } = await import("better-sqlite3");
    const database = new Database(store.path);
    database.pragma(`journal_mode = ${store.journal === "delete" ? "DELETE" : "WAL"}`);
    database.pragma("synchronous = FULL");
    return new DatabaseTaskStore(new Kysely({ dialect: new SqliteDialect({ database }), ...(store.countStatements ? { log: countingLog } : {}) }));
  }
  if (store.kind === "postgres") {
    migrate(store.url);
    const { default: pg } = await import("pg");
    return new DatabaseTaskStore(new Kysely({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: store.url, max: POSTGRES_POOL_SIZE }) }) }));
  }
  throw new Error(`unknown task store ${JSON.stringify(store)}`);
}

async function start(card, store) {
  const requestHandler = new DefaultRequestHandler(card, await taskStoreOf(store), new ConformanceLikeExecutor());
  const app = express();
  app.disable("x-powered-by");
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: requestHandler, cache: { maxAge: 60 } }));
  if (store?.countStatements) app.get("/_bench/statements", (_req, res) => res.json({ statements }));
  app.use("/", jsonRpcHandler({ requestHandler, userBuilder: UserBuilder.noAuthentication }));
  const server = app.listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    // The card names the interface URL; point it at this server.
    for (const i of card.supportedInterfaces ?? []) i.url = `http://127.0.0.1:${port}/`;
    process.send?.({ port, pid: process.pid });
  });
  server.keepAliveTimeout = 60_000;
  const stop = () => {
    server.closeAllConnections?.();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on("message", (m) => {
    if (m && m.stop) stop();
  });
  process.on("disconnect", stop);
}

process.on("message", function onFirst(m) {
  if (m && m.card) {
    process.off("message", onFirst);
    start(m.card, m.store).catch((error) => {
      console.error(error);
      process.exit(1);
    });
  }
});
