// The protocol view (issue 28 item 3): for each turn, the JSON-RPC request as sent (without the
// credentials) and every SSE frame as received — its `id:` (the task's event sequence), the event's
// kind, the task state, what it carries, and the milliseconds since the request left — with the raw
// frame one click away and the request as a curl command to copy. It records what api.js's
// rpcStream traces, so it works for any agent behind the server, the conformance agent included.
import { loadCredentials } from "./api.js";
import { el, stateName } from "./dom.js";
import { copyText } from "./markdown.js";

/** Frames kept per turn: a long stream's first ones and a note of how many more came. */
const MAX_FRAMES = 2000;

/** A trace for rpcStream that fills `record` ({ call, status, frames }), calling `onChange` as it grows. */
export function traceInto(record, onChange) {
  return {
    request(call) {
      record.call = call;
      onChange();
    },
    response(status, ms) {
      Object.assign(record, { status, ms });
      onChange();
    },
    frame(raw, body, ms) {
      if (record.frames.length < MAX_FRAMES) record.frames.push({ raw, body, ms });
      else record.dropped = (record.dropped ?? 0) + 1;
      onChange();
    },
  };
}

function quote(text) {
  return `'${String(text).replace(/'/g, `'\\''`)}'`;
}

/** The call as a curl command; credentials as shell variables, never their values. */
export function curlCommand(call) {
  const credentials = loadCredentials();
  const auth =
    credentials.scheme === "bearer"
      ? ['-H "Authorization: Bearer $A2A_TOKEN"']
      : credentials.scheme === "apikey"
        ? [`-H "${credentials.apiKeyHeader || "X-API-Key"}: $A2A_API_KEY"`]
        : credentials.scheme === "basic"
          ? ['-u "$A2A_BASIC"']
          : [];
  const headers = Object.entries(call.headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`);
  return ["curl -sN", quote(call.url), ...headers, ...auth, "-d", quote(JSON.stringify(call.body))].join(" ");
}

/** One line of what a frame carries: kind, state, and its tool, artifact or text. */
export function frameSummary(body) {
  if (body?.error) return { kind: "error", state: "", what: `${body.error.code} ${body.error.message}` };
  const result = body?.result ?? {};
  const kind = Object.keys(result)[0] ?? "?";
  const event = result[kind] ?? {};
  const state = stateName(event.status?.state ?? "");
  const tool = event.metadata?.iac_code?.tool;
  const text = (event.status?.message?.parts ?? event.parts ?? []).map((p) => p.text ?? "").join("");
  const what = tool
    ? `tool ${tool.name ?? tool.toolUseId} ${tool.status}`
    : kind === "artifactUpdate"
      ? `artifact ${event.artifact?.name ?? event.artifact?.artifactId ?? ""}${event.lastChunk ? " (last chunk)" : ""}`
      : kind === "task"
        ? `task ${String(event.id ?? "").slice(-12)}`
        : text.slice(0, 80);
  return { kind, state, what };
}

function seqOf(raw) {
  return /^id:\s*(\S+)/m.exec(raw)?.[1] ?? "";
}

/** One turn's exchange: the request, the HTTP status, the frames as a table. */
export function renderExchange(record) {
  if (record?.replayed) return el("p", { class: "muted" }, "This turn was loaded from the task list: its protocol was not recorded in this page.");
  if (!record?.call) return el("p", { class: "muted" }, "No turn yet: send a message and its request and stream appear here.");
  const curl = el("button", { type: "button", class: "copy-curl" }, "Copy as curl");
  curl.addEventListener("click", () => void copyText(curlCommand(record.call), curl, "Copy as curl"));
  const headers = Object.entries(record.call.headers).map(([k, v]) => `${k}: ${v}`);
  const rows = record.frames.map((frame, i) => {
    const { kind, state, what } = frameSummary(frame.body);
    return el(
      "tr",
      { class: `frame ${kind}` },
      el("td", {}, String(i + 1)),
      el("td", { class: "ms" }, `+${frame.ms} ms`),
      el("td", {}, seqOf(frame.raw)),
      el("td", {}, kind),
      el("td", {}, state),
      el("td", {}, el("details", {}, el("summary", {}, what || "…"), el("pre", { class: "raw" }, frame.raw))),
    );
  });
  return el(
    "div",
    { class: "exchange" },
    el("div", { class: "row" }, el("strong", {}, `POST ${record.call.url}`), curl),
    el("pre", { class: "request" }, `${headers.join("\n")}\n\n${JSON.stringify(record.call.body, null, 2)}`),
    el(
      "p",
      { class: "muted" },
      record.status === undefined
        ? "waiting for the answer…"
        : `HTTP ${record.status} after ${record.ms} ms · ${record.frames.length} frame(s)${record.dropped ? ` (+${record.dropped} not kept)` : ""}`,
    ),
    el(
      "table",
      { class: "frames" },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          ["#", "time", "id:", "kind", "state", "carries"].map((h) => el("th", {}, h)),
        ),
      ),
      el("tbody", {}, rows),
    ),
  );
}
