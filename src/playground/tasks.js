// Tasks: ListTasks with its filters and keyset paging, and one task's details: history,
// artifacts, the event log (SubscribeToTask with Last-Event-ID, replaying from that sequence
// number), and the push delivery log when the server has push notifications on.
import { get, rpc, rpcStream } from "./api.js";
import { artifactItems } from "./artifacts.js";
import { $, el, stateName } from "./dom.js";

export class Tasks {
  pageToken = undefined;

  constructor({ pushEnabled }) {
    this.pushEnabled = pushEnabled;
    $("#task-filters").addEventListener("submit", (event) => {
      event.preventDefault();
      void this.list(undefined);
    });
    $("#next-page").addEventListener("click", () => void this.list(this.pageToken));
  }

  async list(pageToken) {
    const form = $("#task-filters").elements;
    const params = { pageSize: Number(form.pageSize.value) || 10 };
    if (form.contextId.value.trim()) params.contextId = form.contextId.value.trim();
    if (form.status.value) params.status = form.status.value;
    if (pageToken) params.pageToken = pageToken;
    try {
      const result = await rpc("ListTasks", params);
      this.pageToken = result.nextPageToken || undefined;
      $("#next-page").disabled = !this.pageToken;
      $("#task-total").textContent = `${result.totalSize ?? 0} task(s)`;
      $("#task-list").replaceChildren(
        ...(result.tasks ?? []).map((task) =>
          el(
            "li",
            { class: "task", "data-task-id": task.id },
            el("button", { type: "button", onclick: () => void this.show(task.id) }, task.id.slice(-12)),
            ` ${stateName(task.status.state)} · context ${task.contextId.slice(0, 8)}… · ${task.status.timestamp}`,
          ),
        ),
      );
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
      return;
    }
    const history = (task.history ?? []).map((m) =>
      el("li", { class: m.role === "ROLE_USER" ? "user" : "agent" }, (m.parts ?? []).map((p) => p.text ?? `[${p.filename ?? "part"}]`).join("")),
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
    const parts = [
      el("h3", {}, `Task ${taskId}`),
      el("p", {}, `${stateName(task.status.state)} · context `, el("code", {}, task.contextId)),
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
