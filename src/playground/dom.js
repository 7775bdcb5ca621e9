// A tiny element builder: the page builds its DOM from text nodes only (never innerHTML), so
// nothing the server or the agent says can inject markup.
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function $(selector) {
  return document.querySelector(selector);
}

/** A short name for a state: TASK_STATE_INPUT_REQUIRED → input-required. */
export function stateName(state) {
  return String(state ?? "")
    .replace(/^TASK_STATE_/, "")
    .toLowerCase()
    .replace(/_/g, "-");
}

/** A state as a person reads it: a turn that waits for the user is done, not stuck. */
const STATE_LABELS = {
  TASK_STATE_SUBMITTED: "submitted",
  TASK_STATE_WORKING: "working…",
  TASK_STATE_INPUT_REQUIRED: "done — reply to continue",
  TASK_STATE_AUTH_REQUIRED: "needs authorization",
  TASK_STATE_COMPLETED: "completed",
  TASK_STATE_CANCELED: "canceled",
  TASK_STATE_FAILED: "failed",
  TASK_STATE_REJECTED: "rejected",
};

export function stateLabel(state) {
  return STATE_LABELS[state] ?? stateName(state);
}

/** "14:02:11" today, "3 Dec 14:02" on another day. */
export function formatTime(timestamp) {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "";
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  return date.toDateString() === new Date().toDateString() ? time : `${date.toLocaleDateString([], { day: "numeric", month: "short" })} ${time}`;
}

export function formatBytes(n) {
  if (typeof n !== "number") return "";
  if (n < 1024) return `${n} B`;
  return n < 1048576 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1048576).toFixed(1)} MiB`;
}
