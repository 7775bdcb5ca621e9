// a2a-client's command line: its options, its commands and how many arguments each takes, and the
// checks that run before any request. Every mistake is said in the client's own words with what was
// probably meant (`unknown option --stram — did you mean --stream?`), never Node's parseArgs text,
// and a value from a fixed set lists the set (issue 28 item 4). A usage mistake exits 2.
import { parseArgs } from "node:util";
import { basename } from "node:path";
import { A2AClientError } from "./explain.mjs";
import { nearest } from "./nearest.mjs";

export const OPTIONS = {
  url: { type: "string" },
  token: { type: "string" },
  basic: { type: "string" },
  "api-key": { type: "string" },
  "api-key-header": { type: "string" },
  verify: { type: "boolean" },
  jwks: { type: "string" },
  context: { type: "string" },
  task: { type: "string" },
  cwd: { type: "string" },
  stream: { type: "boolean" },
  verbose: { type: "boolean" },
  "no-wait": { type: "boolean" },
  json: { type: "boolean" },
  history: { type: "string" },
  status: { type: "string" },
  "page-size": { type: "string" },
  "page-token": { type: "string" },
  "last-event-id": { type: "string" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" },
};

/** How each option that takes a value is written, for "needs a value". */
const VALUE_EXAMPLES = {
  url: "http://127.0.0.1:8787",
  token: "T",
  basic: "user:password",
  "api-key": "KEY",
  "api-key-header": "X-API-Key",
  jwks: "jwks.json",
  context: "<contextId>",
  task: "<taskId>",
  cwd: "/workspace/demo",
  history: "10",
  status: "input-required",
  "page-size": "20",
  "page-token": "<token>",
  "last-event-id": "3",
};

/** Each command's positional arguments: [least, most, how to call it]. */
export const COMMANDS = {
  card: [0, 0, "a2a-client card"],
  send: [1, Number.POSITIVE_INFINITY, 'a2a-client send "Create a VPC"'],
  get: [1, 1, "a2a-client get <taskId>"],
  list: [0, 0, "a2a-client list"],
  cancel: [1, 1, "a2a-client cancel <taskId>"],
  subscribe: [1, 1, "a2a-client subscribe <taskId>"],
  upload: [2, 2, "a2a-client upload <localFile> <workspacePath>"],
  download: [1, 2, "a2a-client download <url|workspacePath> [out]"],
};

/** The task states --status takes, as a person writes them (TASK_STATE_… is accepted too). */
export const TASK_STATES = ["submitted", "working", "input-required", "auth-required", "completed", "failed", "canceled", "rejected"];

function usage(message) {
  return new A2AClientError(message, "usage");
}

function unknownOption(rawName) {
  const names = Object.keys(OPTIONS).map((name) => `--${name}`);
  const guess = rawName.startsWith("--") ? nearest(rawName, names) : undefined;
  return usage(`unknown option ${rawName}${guess ? ` — did you mean ${guess}?` : ""} (a2a-client --help lists every option)`);
}

/** parseArgs, leniently, then every option checked here so that each mistake gets a sentence of ours. */
export function parseCommandLine(argv) {
  const { values, positionals, tokens } = parseArgs({ args: argv, allowPositionals: true, strict: false, tokens: true, options: OPTIONS });
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const spec = OPTIONS[token.name];
    if (!spec) throw unknownOption(token.rawName);
    if (spec.type === "boolean" && token.value !== undefined) throw usage(`${token.rawName} takes no value (got "${token.value}")`);
    if (spec.type === "string" && (token.value === undefined || (!token.inlineValue && token.value.startsWith("-")))) {
      throw usage(`${token.rawName} needs a value, e.g. ${token.rawName} ${VALUE_EXAMPLES[token.name] ?? "VALUE"}`);
    }
  }
  return { values, positionals };
}

function wholeNumber(values, name) {
  const raw = values[name];
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw usage(`--${name} must be a whole number, not "${raw}"`);
  return Number(raw);
}

/** `input-required`, `INPUT_REQUIRED` or `TASK_STATE_INPUT_REQUIRED` → TASK_STATE_INPUT_REQUIRED; anything else lists the states. */
function taskState(raw) {
  const word = raw
    .trim()
    .toLowerCase()
    .replace(/^task_state_/, "")
    .replace(/_/g, "-");
  if (TASK_STATES.includes(word)) return `TASK_STATE_${word.toUpperCase().replace(/-/g, "_")}`;
  const guess = nearest(word, TASK_STATES);
  const hint = guess ? ` — did you mean ${guess}? The states are` : "; the states are";
  throw usage(`--status "${raw}" is not a task state${hint} ${TASK_STATES.join(", ")}`);
}

/** Everything a command needs, checked before any request. */
export function checkArguments(command, rest, values) {
  const spec = COMMANDS[command];
  if (!spec) {
    const guess = nearest(command, Object.keys(COMMANDS));
    const hint = guess ? ` — did you mean ${guess}? The commands are` : "; the commands are";
    throw usage(`unknown command "${command}"${hint} ${Object.keys(COMMANDS).join(", ")} (a2a-client --help)`);
  }
  const [least, most, how] = spec;
  if (command === "send" && rest.join(" ").trim() === "") throw usage(`send needs a text: ${how}`);
  if (rest.length < least || rest.length > most) {
    const what = rest.length < least ? "needs" : "takes only";
    throw usage(`${command} ${what} ${least === most ? least : `${least}–${most}`} argument${most === 1 ? "" : "s"}: ${how}`);
  }
  const checked = {
    history: wholeNumber(values, "history"),
    pageSize: wholeNumber(values, "page-size"),
    lastEventId: wholeNumber(values, "last-event-id"),
    status: values.status === undefined ? undefined : taskState(values.status),
  };
  if (command === "upload" && !rest[1].startsWith("/")) throw usage(`the workspace path must be absolute, e.g. /workspace/demo/${basename(rest[0])}`);
  return checked;
}
