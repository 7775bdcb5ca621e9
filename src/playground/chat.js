// The chat: one context at a time. A message goes out with SendStreamingMessage; the transcript
// shows the agent's streamed text, tool progress (started, completed, failed, with the tool's
// name), artifacts as download links, and the final state. Cancel sends CancelTask for the
// running task. The next message carries the same contextId, so the conversation continues.
import { rpc, rpcStream } from "./api.js";
import { artifactItems } from "./artifacts.js";
import { $, el, stateName } from "./dom.js";

const TERMINAL_OR_INTERRUPTED = /COMPLETED|FAILED|CANCELED|REJECTED|INPUT_REQUIRED|AUTH_REQUIRED/;

export class Chat {
  contextId = undefined;
  taskId = undefined;
  controller = undefined;

  constructor({ onTurnEnd }) {
    this.onTurnEnd = onTurnEnd;
    $("#composer").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.send();
    });
    $("#cancel").addEventListener("click", () => void this.cancel());
    $("#new-context").addEventListener("click", () => this.reset());
  }

  reset() {
    this.contextId = undefined;
    this.taskId = undefined;
    $("#context-id").textContent = "new";
    $("#transcript").replaceChildren();
    $("#turn-state").textContent = "";
  }

  fill(text) {
    $("#composer").elements.text.value = text;
    $("#composer").elements.text.focus();
  }

  async send() {
    const input = $("#composer").elements.text;
    const text = input.value.trim();
    if (!text || this.controller) return;
    input.value = "";
    $("#transcript").append(el("li", { class: "user" }, text));
    const turn = new TurnView();
    $("#transcript").append(turn.node);
    const message = { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }] };
    if (this.contextId) message.contextId = this.contextId;
    this.controller = new AbortController();
    this.busy(true);
    try {
      await rpcStream("SendStreamingMessage", { message }, (event) => this.onEvent(event, turn), { signal: this.controller.signal });
    } catch (error) {
      turn.error(error.message);
    } finally {
      this.controller = undefined;
      this.busy(false);
      this.onTurnEnd?.();
    }
  }

  onEvent(event, turn) {
    const task = event.task ?? undefined;
    const update = event.statusUpdate ?? event.artifactUpdate;
    const contextId = task?.contextId ?? update?.contextId ?? event.message?.contextId;
    if (contextId && contextId !== this.contextId) {
      this.contextId = contextId;
      $("#context-id").textContent = contextId;
    }
    if (task) {
      this.taskId = task.id;
      turn.state(task.status.state, task.id);
    }
    if (event.message) turn.final(event.message.parts.map((p) => p.text ?? "").join(""), "message");
    if (event.artifactUpdate) turn.artifact(event.artifactUpdate.artifact);
    if (event.statusUpdate) this.onStatus(event.statusUpdate, turn);
  }

  onStatus(update, turn) {
    const { status, metadata } = update;
    const tool = metadata?.iac_code?.tool;
    if (tool && ["started", "completed", "failed"].includes(tool.status)) turn.tool(tool);
    const text = (status.message?.parts ?? []).map((p) => p.text ?? "").join("");
    if (TERMINAL_OR_INTERRUPTED.test(status.state)) turn.final(text, status.state);
    else if (text) turn.delta(text);
    turn.state(status.state, update.taskId);
  }

  async cancel() {
    if (!this.taskId) return;
    try {
      await rpc("CancelTask", { id: this.taskId });
    } catch (error) {
      $("#turn-state").textContent = `cancel: ${error.message}`;
    }
  }

  busy(on) {
    $("#send").disabled = on;
    $("#cancel").disabled = !on;
  }
}

/** One agent turn in the transcript. */
class TurnView {
  constructor() {
    this.text = el("div", { class: "text" });
    this.tools = el("ul", { class: "tools" });
    this.files = el("ul", { class: "files" });
    this.badge = el("span", { class: "state" });
    this.node = el("li", { class: "agent" }, this.badge, this.text, this.tools, this.files);
  }

  state(state, taskId) {
    this.badge.textContent = stateName(state);
    this.badge.dataset.state = state;
    if (taskId) this.badge.title = `task ${taskId}`;
    $("#turn-state").textContent = stateName(state);
  }

  delta(text) {
    this.text.textContent += text;
  }

  /** The final status message holds the whole reply: it replaces the streamed deltas. */
  final(text, state) {
    if (text) this.text.textContent = text;
    this.node.dataset.final = state;
  }

  tool(tool) {
    const id = `tool-${tool.toolUseId}`;
    let item = this.tools.querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (!item) {
      item = el("li", { "data-id": id });
      this.tools.append(item);
    }
    item.dataset.status = tool.status;
    item.textContent = `tool ${tool.name ?? tool.toolUseId}: ${tool.status}`;
  }

  artifact(artifact) {
    this.files.append(...artifactItems(artifact));
  }

  error(text) {
    this.node.dataset.final = "error";
    this.text.append(el("p", { class: "error" }, text));
  }
}
