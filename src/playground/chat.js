// The chat: one context at a time, each with its own workspace folder (metadata.iac_code.cwd under
// /workspace, so the agent's file tools have somewhere to work). A message goes out with
// SendStreamingMessage; the transcript shows the agent's reply rendered as safe Markdown while it
// streams, tool progress (started, completed, failed, with the tool's name), artifacts as download
// links with a preview, and the final state in words. Cancel sends CancelTask for the running task.
// The next message carries the same contextId and workspace, so the conversation continues.
import { rpc, rpcStream } from "./api.js";
import { artifactItems } from "./artifacts.js";
import { $, el, stateLabel } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

/** A fresh workspace folder for a new context (an allowed root of IACCODE_A2A_ALLOWED_CWDS). */
function newWorkspace() {
  return `/workspace/playground-${crypto.randomUUID().slice(0, 8)}`;
}

const TERMINAL_OR_INTERRUPTED = /COMPLETED|FAILED|CANCELED|REJECTED|INPUT_REQUIRED|AUTH_REQUIRED/;

export class Chat {
  contextId = undefined;
  taskId = undefined;
  controller = undefined;
  cwd = newWorkspace();

  constructor({ onTurnEnd }) {
    this.onTurnEnd = onTurnEnd;
    $("#composer").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.send();
    });
    $("#cancel").addEventListener("click", () => void this.cancel());
    $("#new-context").addEventListener("click", () => this.reset());
    $("#workspace").textContent = this.cwd;
  }

  reset() {
    this.contextId = undefined;
    this.taskId = undefined;
    this.cwd = newWorkspace();
    $("#workspace").textContent = this.cwd;
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
    turn.node.scrollIntoView({ block: "end" });
    const message = { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }], metadata: { iac_code: { cwd: this.cwd } } };
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

/** One agent turn in the transcript: its reply is Markdown, rendered again (at most once a frame) as it grows. */
class TurnView {
  constructor() {
    this.raw = "";
    this.pending = false;
    this.text = el("div", { class: "text markdown" });
    this.tools = el("ul", { class: "tools" });
    this.files = el("ul", { class: "files" });
    this.badge = el("span", { class: "state" });
    this.node = el("li", { class: "agent" }, this.badge, this.text, this.tools, this.files);
  }

  state(state, taskId) {
    this.badge.textContent = stateLabel(state);
    this.badge.dataset.state = state;
    if (taskId) this.badge.title = `task ${taskId}`;
    $("#turn-state").textContent = stateLabel(state);
  }

  render() {
    this.pending = false;
    this.text.replaceChildren(renderMarkdown(this.raw));
    const transcript = this.node.parentElement;
    if (transcript) transcript.scrollTop = transcript.scrollHeight;
  }

  schedule() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => this.render());
  }

  delta(text) {
    this.raw += text;
    this.schedule();
  }

  /** The final status message holds the whole reply: it replaces the streamed deltas. */
  final(text, state) {
    if (text) this.raw = text;
    this.render();
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
    const mark = tool.status === "completed" ? "✓" : tool.status === "failed" ? "✗" : "…";
    const reason = tool.status === "failed" && typeof tool.result?.error === "string" ? ` — ${tool.result.error}` : "";
    item.textContent = `${mark} ${tool.name ?? item.dataset.name ?? tool.toolUseId}: ${tool.status}${reason}`;
    if (tool.name) item.dataset.name = tool.name;
  }

  artifact(artifact) {
    this.files.append(...artifactItems(artifact));
  }

  error(text) {
    this.node.dataset.final = "error";
    this.text.append(el("p", { class: "error" }, text));
  }
}
