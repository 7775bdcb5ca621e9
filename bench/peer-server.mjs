/**
 * The peer: an A2A 1.0 JSON-RPC server built on @a2a-js/sdk 1.x (DefaultRequestHandler,
 * InMemoryTaskStore, the express JSON-RPC and agent-card handlers) with an executor that behaves
 * like our conformance agent for the scenarios the bench drives:
 *   tck-complete-task*  task(submitted) → working → completed "Hello from TCK"
 *   tck-stream-001*     task(submitted) → working → artifact → completed
 *   anything else       task(submitted) → working → input-required with a short text answer
 *
 * Run as a child process of bench/run.mjs (so its CPU and memory are its own): the parent sends
 * `{ card }` over IPC (our agent card, so both servers serve the same card), the child listens on
 * 127.0.0.1 with an ephemeral port and answers `{ port }`. It exits when the parent disconnects
 * or sends `{ stop: true }`.
 */
import express from "express";
import { Role, TaskState } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore } from "@a2a-js/sdk/server";
import { UserBuilder, agentCardHandler, jsonRpcHandler } from "@a2a-js/sdk/server/express";

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

function start(card) {
  const requestHandler = new DefaultRequestHandler(card, new InMemoryTaskStore(), new ConformanceLikeExecutor());
  const app = express();
  app.disable("x-powered-by");
  app.use("/.well-known/agent-card.json", agentCardHandler({ agentCardProvider: requestHandler, cache: { maxAge: 60 } }));
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
    start(m.card);
  }
});
