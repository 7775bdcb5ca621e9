// Tasks: ListTasks with its filters and keyset paging, grouped by context as conversations (issue
// 28 item 1: a follow-up is a turn of its conversation, not a row of its own; Continue takes the
// conversation into the chat), each task shown by the first words of its
// request, its state in words, its time and its artifact count; and one task's details in a wide
// panel: history (replies as safe Markdown), artifacts with a preview, the event log
// (SubscribeToTask with Last-Event-ID, replaying from that sequence number), and the push delivery
// log when the server has push notifications on.
import { get, rpc, rpcStream } from "./api.js";
import { artifactItems } from "./artifacts.js";
import { $, el, formatTime, stateLabel, stateName } from "./dom.js";
import { renderMarkdown } from "./markdown.js";

/** How much of a request the task list shows. */
const REQUEST_WORDS = 12;
/** ListTasks returns at most 10 messages a task: the oldest user message among them names the task. */
const LIST_HISTORY = 10;

function textOf(message) {
  return (message?.parts ?? []).map((p) => p.text ?? (p.filename ? `[${p.filename}]` : "")).join(" ");
}

/** The first words of the task's request (its oldest user message in the page of history), before any code. */
function requestWords(task) {
  const first = (task.history ?? []).find((m) => m.role === "ROLE_USER");
  // The words before any fenced block: a pasted template is not what names the task.
  const words = textOf(first).split("```")[0].trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return `task …${task.id.slice(-8)}`;
  return words.length > REQUEST_WORDS ? `${words.slice(0, REQUEST_WORDS).join(" ")}…` : words.join(" ");
}

function taskEntry(task, onOpen) {
  // The turn's "response" artifact is the reply the page already shows in the history: files only.
  const artifacts = (task.artifacts ?? []).filter((artifact) => artifact.name !== "response").length;
  return el(
    "li",
    { class: "task", "data-task-id": task.id, "data-state": task.status.state },
    el("button", { type: "button", class: "task-open", title: `task ${task.id}`, onclick: onOpen }, requestWords(task)),
    el(
      "span",
      { class: "task-meta" },
      el("span", { class: "state", "data-state": task.status.state }, stateLabel(task.status.state)),
      ` · ${formatTime(task.status.timestamp)} · ${artifacts} artifact${artifacts === 1 ? "" : "s"}`,
    ),
  );
}

/** A conversation: its first request, how many turns the page holds, Continue, and its tasks oldest first. */
function conversationEntry(contextId, tasks, onOpen, onContinue) {
  const turns = [...tasks].reverse();
  const resume = el("button", { type: "button", class: "continue", title: `context ${contextId}` }, "Continue");
  resume.addEventListener("click", () => onContinue(contextId, turns));
  return el(
    "li",
    { class: "conversation", "data-context-id": contextId },
    el(
      "div",
      { class: "row" },
      el("strong", {}, requestWords(turns[0])),
      el("span", { class: "muted" }, `${turns.length} turn${turns.length === 1 ? "" : "s"}`),
      resume,
    ),
    el(
      "ul",
      {},
      turns.map((task) => taskEntry(task, () => onOpen(task.id))),
    ),
  );
}

/** The page's tasks by context, in the order their newest task comes. */
function byContext(tasks) {
  const groups = new Map();
  for (const task of tasks) groups.set(task.contextId, [...(groups.get(task.contextId) ?? []), task]);
  return [...groups];
}

export class Tasks {
  pageToken = undefined;

  constructor({ pushEnabled, onContinue }) {
    this.pushEnabled = pushEnabled;
    this.onContinue = onContinue;
    $("#task-filters").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.list(undefined);
    });
    $("#next-page").addEventListener("click", () => void this.list(this.pageToken));
  }

  async list(pageToken) {
    const form = $("#task-filters").elements;
    const params = { pageSize: Number(form.pageSize.value) || 10, historyLength: LIST_HISTORY, includeArtifacts: true };
    if (form.contextId.value.trim()) params.contextId = form.contextId.value.trim();
    if (form.status.value) params.status = form.status.value;
    if (pageToken) params.pageToken = pageToken;
    try {
      const result = await rpc("ListTasks", params);
      this.pageToken = result.nextPageToken || undefined;
      $("#next-page").disabled = !this.pageToken;
      $("#task-total").textContent = `${result.totalSize ?? 0} task(s)`;
      this.tasks = result.tasks ?? [];
      const open = (id) => void this.show(id);
      $("#task-list").replaceChildren(...byContext(result.tasks ?? []).map(([contextId, tasks]) => conversationEntry(contextId, tasks, open, this.onContinue)));
    } catch (error) {
      $("#task-total").textContent = error.message;
    }
  }

  async show(taskId) {
    const detail = $("#task-detail");
    let task;
    try {
      task = await rpc("GetTask", { id: taskId });
    } catch (error) {
      detail.replaceChildren(el("p", { class: "error" }, error.message));
      $("#task-detail-panel").hidden = false;
      return;
    }
    const history = (task.history ?? []).map((m) =>
      m.role === "ROLE_USER" ? el("li", { class: "user" }, textOf(m)) : el("li", { class: "agent markdown" }, renderMarkdown(textOf(m))),
    );
    const events = el("ol", { class: "events" });
    const resume = el(
      "form",
      { class: "row" },
      el("label", {}, "Last-Event-ID ", el("input", { name: "lastEventId", type: "number", min: "0", value: "0" })),
      el("button", { type: "submit" }, "Resubscribe"),
    );
    resume.addEventListener("submit", (event) => {
      event.preventDefault();
      void this.events(taskId, Number(resume.elements.lastEventId.value), events);
    });
    const push = this.pushEnabled ? el("ul", { class: "deliveries" }) : undefined;
    const close = el("button", { type: "button", class: "close" }, "Close");
    close.addEventListener("click", () => {
      $("#task-detail-panel").hidden = true;
    });
    const parts = [
      el("div", { class: "row detail-head" }, el("h3", {}, requestWords(task)), close),
      el(
        "p",
        { class: "muted" },
        el("span", { class: "state", "data-state": task.status.state }, stateLabel(task.status.state)),
        ` · ${formatTime(task.status.timestamp)} · task `,
        el("code", {}, taskId),
        " · context ",
        el("code", {}, task.contextId),
      ),
      el("h4", {}, "History"),
      el("ol", { class: "history" }, history),
      el("h4", {}, "Artifacts"),
      el("ul", {}, (task.artifacts ?? []).flatMap(artifactItems)),
      el("h4", {}, "Event log"),
      resume,
      events,
    ];
    if (push) parts.push(el("h4", {}, "Push deliveries"), push);
    detail.replaceChildren(...parts);
    $("#task-detail-panel").hidden = false;
    $("#task-detail-panel").scrollIntoView({ block: "start" });
    await this.events(taskId, 0, events);
    if (push) await this.deliveries(taskId, push);
  }

  /** Replays the task's events after `lastEventId`, then follows live ones while the task runs. */
  async events(taskId, lastEventId, list) {
    list.replaceChildren();
    try {
      await rpcStream(
        "SubscribeToTask",
        { id: taskId },
        (event, seq) => {
          const kind = Object.keys(event)[0];
          const state = event.statusUpdate?.status?.state ?? event.task?.status?.state;
          const tool = event.statusUpdate?.metadata?.iac_code?.tool;
          const what = tool ? `tool ${tool.name ?? tool.toolUseId} ${tool.status}` : event.artifactUpdate ? event.artifactUpdate.artifact.name : "";
          list.append(el("li", {}, el("code", {}, `#${seq ?? "-"}`), ` ${kind}${state ? ` ${stateName(state)}` : ""}${what ? ` · ${what}` : ""}`));
        },
        { lastEventId },
      );
    } catch (error) {
      list.append(el("li", { class: "muted" }, error.message));
    }
  }

  async deliveries(taskId, list) {
    const response = await get(`/iac-code/tasks/${encodeURIComponent(taskId)}/push-deliveries`);
    const body = await response.json().catch(() => ({}));
    const rows = body.deliveries ?? [];
    list.replaceChildren(
      ...(rows.length
        ? rows.map((d) => el("li", {}, `${d.configId}: ${d.state}${d.lastError ? ` (${d.lastError})` : ""}`))
        : [el("li", { class: "muted" }, "no deliveries")]),
    );
  }
}
