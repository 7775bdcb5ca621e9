// The chat: one context at a time, each with its own workspace folder (metadata.iac_code.cwd under
// /workspace, so the agent's file tools have somewhere to work). A message goes out with
// SendStreamingMessage (Enter sends, Shift+Enter adds a line); the transcript shows the agent's
// reply rendered as safe Markdown while it streams, tool progress, artifacts as download links with
// a preview, and the final state in words. The template a reply carries is not repeated in the
// chat: it stands in the workbench beside it (workbench.js), and the turn says which version it
// made and what changed; after a reply the view shows the reply's first line (the request check).
// A send that fails keeps the typed message and says why in words (send-errors.js). Cancel sends
// CancelTask for the running task. The next message carries the same contextId and workspace.
import { rpc, rpcStream } from "./api.js";
import { artifactItems } from "./artifacts.js";
import { requestCheckOf } from "./check-table.js";
import { $, el, stateLabel } from "./dom.js";
import { renderMarkdown } from "./markdown.js";
import { traceInto } from "./protocol.js";
import { explainSendError } from "./send-errors.js";

function textOf(message) {
  return (message?.parts ?? []).map((p) => p.text ?? "").join("");
}

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

  constructor({ onTurnEnd, workbench }) {
    this.onTurnEnd = onTurnEnd;
    this.workbench = workbench;
    $("#composer").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.send();
    });
    // Enter sends; Shift+Enter (or an IME composition's Enter) adds a line.
    $("#composer").elements.text.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || event.shiftKey || event.isComposing) return;
      event.preventDefault();
      $("#composer").requestSubmit();
    });
    $("#cancel").addEventListener("click", () => void this.cancel());
    $("#new-context").addEventListener("click", () => this.reset());
    $("#workspace").textContent = this.cwd;
  }

  reset(contextId = undefined, cwd = newWorkspace()) {
    this.contextId = contextId;
    this.taskId = undefined;
    this.cwd = cwd;
    $("#workspace").textContent = this.cwd;
    $("#context-id").textContent = contextId ?? "new";
    $("#transcript").replaceChildren();
    $("#turn-state").textContent = "";
    $("#send-error").textContent = "";
    this.workbench.reset();
  }

  /** A conversation from the task list: its turns in the transcript, its templates as versions; the next message continues it. */
  async openConversation(contextId, tasks) {
    const opening = tasks[0]?.history?.find((m) => m.role === "ROLE_USER");
    this.reset(contextId, opening?.metadata?.iac_code?.cwd ?? newWorkspace());
    for (const summary of tasks) {
      const task = await rpc("GetTask", { id: summary.id });
      const request = (task.history ?? []).find((m) => m.role === "ROLE_USER");
      const turn = new TurnView(this.workbench);
      $("#transcript").append(el("li", { class: "user" }, textOf(request)), turn.node);
      turn.state(task.status.state, task.id);
      turn.final(textOf(task.status.message), task.status.state);
      const artifacts = (task.artifacts ?? []).filter((a) => a.name !== "response");
      for (const artifact of artifacts) turn.artifact(artifact);
      this.workbench.startTurn(textOf(request), { replayed: true });
      await turn.settle([{ task }, ...artifacts.map((artifact) => ({ artifactUpdate: { artifact } }))], task.id);
      this.taskId = task.id;
    }
  }

  fill(text) {
    $("#composer").elements.text.value = text;
    $("#composer").elements.text.focus();
  }

  async send() {
    const input = $("#composer").elements.text;
    const text = input.value.trim();
    if (!text || this.controller) return;
    $("#send-error").textContent = "";
    const user = el("li", { class: "user" }, text);
    const turn = new TurnView(this.workbench);
    $("#transcript").append(user, turn.node);
    turn.node.scrollIntoView({ block: "end" });
    const message = { messageId: crypto.randomUUID(), role: "ROLE_USER", parts: [{ text }], metadata: { iac_code: { cwd: this.cwd } } };
    if (this.contextId) message.contextId = this.contextId;
    this.controller = new AbortController();
    this.busy(true);
    const events = [];
    const record = this.workbench.startTurn(text);
    const trace = traceInto(record, () => this.workbench.protocolChanged());
    try {
      await rpcStream(
        "SendStreamingMessage",
        { message },
        (event) => {
          // The server took the message: the composer is free for the next one.
          if (events.length === 0 && input.value.trim() === text) input.value = "";
          events.push(event);
          this.onEvent(event, turn);
        },
        { signal: this.controller.signal, trace },
      );
      await turn.settle(events, this.taskId);
    } catch (error) {
      const words = explainSendError(error);
      // Nothing reached the server's task: the message stays in the composer, and the turn goes.
      if (events.length === 0) {
        user.remove();
        turn.node.remove();
      } else turn.error(words);
      $("#send-error").textContent = words;
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

/** Is this code block the template the workbench shows (so the chat need not repeat it)? */
function isTemplateBlock(block) {
  const name = block.dataset.filename ?? "";
  return /^(template\.(ya?ml|json)|main\.tf)$/.test(name) && (block.querySelector("code")?.textContent ?? "").split("\n").length > 3;
}

/** What a turn did to the template: its version, and the resources added, changed and removed. */
function changeLine(version) {
  if (version.first) return `${version.filename} v${version.n}, in the Template panel`;
  const { added, changed, removed } = version.changes;
  const parts = [
    added.length ? `added ${added.join(", ")}` : "",
    changed.length ? `changed ${changed.join(", ")}` : "",
    removed.length ? `removed ${removed.join(", ")}` : "",
  ].filter(Boolean);
  return `${version.filename} v${version.n}: ${parts.length ? parts.join(" · ") : "no resource changed"}`;
}

/** One agent turn in the transcript: its reply is Markdown, rendered again (at most once a frame) as it grows. */
class TurnView {
  constructor(workbench) {
    this.workbench = workbench;
    this.raw = "";
    this.pending = false;
    this.text = el("div", { class: "text markdown" });
    this.tools = el("ul", { class: "tools" });
    this.files = el("ul", { class: "files" });
    this.changes = el("p", { class: "changes" });
    this.badge = el("span", { class: "state" });
    this.node = el("li", { class: "agent" }, this.badge, this.text, this.changes, this.tools, this.files);
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
    for (const block of this.text.querySelectorAll(".codeblock")) {
      if (!isTemplateBlock(block)) continue;
      // A Terraform reply's ROS form (what follow-ups edit) is drawn in the Diagram tab; main.tf is the Template.
      const rosForm = /ROS form/.test(block.previousElementSibling?.textContent ?? "");
      const [label, target] = rosForm ? ["its ROS form: drawn in the Diagram panel →", "diagram"] : ["in the Template panel →", "template"];
      const open = el("button", { type: "button", class: "open-template" }, label);
      open.addEventListener("click", () => this.workbench.show(target));
      block.replaceWith(el("p", { class: "template-note muted" }, rosForm ? "" : `${block.dataset.filename}: `, open));
    }
    const transcript = this.node.parentElement;
    if (transcript && !this.node.dataset.final) transcript.scrollTop = transcript.scrollHeight;
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
    this.node.dataset.final = state;
    this.render();
  }

  /** After the stream: the workbench takes the turn's template and check; the view shows the reply's start. */
  async settle(events, taskId) {
    const version = await this.workbench.endTurn({ taskId, events, reply: this.raw, check: requestCheckOf(events) }).catch(() => undefined);
    if (version) this.changes.textContent = changeLine(version);
    this.node.dataset.settled = "1";
    // The reply's first line (the request check's headline) at the top of the view, not its end.
    const transcript = this.node.parentElement;
    if (transcript) transcript.scrollTop += this.node.getBoundingClientRect().top - transcript.getBoundingClientRect().top;
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
