// How a2a-client prints what the server sends, for a person reading a terminal: a streamed turn as
// running text with one line per finished tool call, a task as a short summary, and the hint that
// says how to pick a turn up again after Ctrl-C. `--json` bypasses all of this (raw events).

/** "TASK_STATE_INPUT_REQUIRED" → "input-required". */
export function stateWord(state) {
  return String(state ?? "")
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replace(/_/g, "-");
}

function textOf(message) {
  return (message?.parts ?? []).map((p) => p.text ?? "").join("");
}

/** What a tool call worked on, for its one line: a path, a folder, a name; nothing for a whole template. */
function toolTarget(input) {
  if (!input || typeof input !== "object") return "";
  const value = input.path ?? input.file_path ?? input.dir ?? input.name ?? input.filename;
  return typeof value === "string" && value.length <= 120 ? ` ${value}` : "";
}

function toolReason(result) {
  const reason = result?.error ?? result?.message;
  return typeof reason === "string" ? ` — ${reason.split("\n")[0].slice(0, 200)}` : "";
}

/** The end of a turn, with what to do next when the task waits for a reply. */
export function endLine(state, { taskId, contextId } = {}) {
  if (state === "TASK_STATE_INPUT_REQUIRED" && contextId) {
    return `${state} — done; reply with: a2a-client send --context ${contextId} "…"${taskId ? ` (or --task ${taskId})` : ""}`;
  }
  return state;
}

/**
 * Prints a streamed turn as a person reads it: assistant text deltas run on as one text, each tool
 * call is one line when it ends (`✓ write_file template.yaml 12 ms`, `✗ read_file x.yaml 3 ms — why`;
 * `verbose` adds a line per phase), and the final status shows only its state when its text was
 * already streamed (the final answer is the last step's text).
 */
export class StreamPrinter {
  constructor(out, { verbose = false } = {}) {
    this.out = out;
    this.verbose = verbose;
    this.tools = new Map();
    this.streamed = "";
    this.atLineStart = true;
  }

  write(text) {
    if (text === "") return;
    this.out.write(text);
    this.atLineStart = text.endsWith("\n");
  }

  line(text) {
    if (!this.atLineStart) this.write("\n");
    this.write(`${text}\n`);
  }

  print(event) {
    const update = event.statusUpdate;
    if (!update) {
      this.line(describe(event));
      return;
    }
    const { status, metadata } = update;
    const tool = metadata?.iac_code?.tool;
    if (tool) {
      this.tool(tool, status.timestamp);
      return;
    }
    const text = textOf(status.message);
    if (status.state === "TASK_STATE_WORKING") {
      this.streamed += text;
      this.write(text);
      return;
    }
    const shown = text !== "" && this.streamed.includes(text.trim());
    const end = endLine(status.state, update);
    this.line(text === "" || shown ? end : `${text}\n${end}`);
  }

  tool(tool, timestamp) {
    const known = this.tools.get(tool.toolUseId) ?? { name: tool.name ?? tool.toolUseId, started: Date.parse(timestamp ?? "") || Date.now(), target: "" };
    this.tools.set(tool.toolUseId, known);
    if (tool.input) known.target = toolTarget(tool.input);
    if (tool.status === "completed" || tool.status === "failed") {
      const ms = Math.max(0, (Date.parse(timestamp ?? "") || Date.now()) - known.started);
      const mark = tool.status === "completed" ? "✓" : "✗";
      this.line(`${mark} ${known.name}${known.target} ${ms} ms${tool.status === "failed" ? toolReason(tool.result) : ""}`);
    } else if (this.verbose) {
      const size = tool.partialJsonLength !== undefined ? ` (${tool.partialJsonLength} bytes of input)` : "";
      this.line(`  … ${known.name}${known.target} ${tool.status}${size}`);
    }
  }

  end() {
    if (!this.atLineStart) this.write("\n");
  }
}

/** One line for an event outside a live turn (subscribe's replay, a message answer). */
export function describe(event) {
  if (event.task) return `task ${event.task.id} ${event.task.status.state}`;
  if (event.message) return `message: ${textOf(event.message)}`;
  if (event.artifactUpdate) {
    const part = event.artifactUpdate.artifact.parts[0] ?? {};
    return `artifact ${event.artifactUpdate.artifact.name ?? event.artifactUpdate.artifact.artifactId}${part.url ? ` ${part.url}` : ""}`;
  }
  if (event.statusUpdate) {
    const { status, metadata } = event.statusUpdate;
    const tool = metadata?.iac_code?.tool;
    if (tool) return `  tool ${tool.name ?? tool.toolUseId} ${tool.status}${tool.status === "failed" ? toolReason(tool.result) : ""}`;
    const text = textOf(status.message);
    return text ? `${status.state === "TASK_STATE_WORKING" ? "" : `${status.state}: `}${text}` : status.state;
  }
  return JSON.stringify(event);
}

export function summarizeTask(task) {
  const lines = [`task ${task.id}`, `context ${task.contextId}`, `state ${task.status.state}`];
  const reply = textOf(task.status.message);
  if (reply) lines.push("", reply);
  for (const artifact of task.artifacts ?? []) for (const part of artifact.parts) if (part.url) lines.push(`artifact ${artifact.name}: ${part.url}`);
  if (task.status.state === "TASK_STATE_INPUT_REQUIRED") lines.push("", endLine(task.status.state, { taskId: task.id, contextId: task.contextId }));
  return lines.join("\n");
}

/** What Ctrl-C during a stream prints: the turn runs on in the server; this command follows it again. */
export function resumeHint({ taskId, seq, urlArg }) {
  if (!taskId) return "\nstopped before the server named the task; nothing to resume (a2a-client list shows your tasks)\n";
  const from = seq !== undefined ? ` --last-event-id ${seq}` : "";
  return `\nstopped following task ${taskId}; the task goes on in the server. Follow it again with:\n  a2a-client subscribe ${taskId}${from}${urlArg}\n`;
}
