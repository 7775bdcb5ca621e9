/**
 * The port numbers a request lists next to the word "port" ("ports 22, 80 and 443", "22/80 端口",
 * "端口号：3306"). A tokenizer and a walk over its tokens, not one regular expression: the pattern
 * this replaces, `((?:\d{1,5}\s*(?:,|and|…)?\s*)+)\s*ports?`, could split a run of digits or
 * spaces in exponentially many ways, and a request with ten ports took 42 s. Every step here moves
 * forward over the text, so the cost is linear in its length.
 */

type TokenKind = "number" | "keyword" | "joiner" | "slash" | "label" | "space" | "other";

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
}

// One token a position: each alternative is a single run or a single character, so the scan is linear.
const TOKEN = /(\d+)|((?<![a-z])ports?(?![a-z])|端口)|((?<![a-z])(?:and|or)(?![a-z])|[,，、&和与及])|(\/)|([号:：])|(\s+)|[\s\S]/giu;

const KINDS: readonly TokenKind[] = ["number", "keyword", "joiner", "slash", "label", "space"];

function tokens(text: string): Token[] {
  return Array.from(text.matchAll(TOKEN), (match) => {
    const group = KINDS.findIndex((_, index) => match[index + 1] !== undefined);
    return { kind: group >= 0 ? (KINDS[group] ?? "other") : "other", text: match[0] };
  });
}

/** The index of the next token that is not whitespace, from `from` on. */
function skipSpace(list: readonly Token[], from: number, step: 1 | -1): number {
  let at = from;
  while (list[at]?.kind === "space") at += step;
  return at;
}

/** A list of numbers from token `start`: numbers joined by commas, "and", "/"… or whitespace. */
function numberRun(list: readonly Token[], start: number): { end: number; numbers: Token[] } {
  const numbers: Token[] = [];
  let end = start;
  let at = start;
  while (list[at]?.kind === "number") {
    const token = list[at];
    if (token) numbers.push(token);
    end = at;
    let next = skipSpace(list, at + 1, 1);
    const joiner = list[next]?.kind;
    if (joiner === "joiner" || joiner === "slash") next = skipSpace(list, next + 1, 1);
    at = next;
  }
  return { end, numbers };
}

function portsOf(numbers: readonly Token[]): number[] {
  return numbers.map((token) => Number(token.text)).filter(isPortNumber);
}

function isPortNumber(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** After "port": "port 22", "ports: 22, 80", "端口号 3306". */
function listedAfterKeyword(list: readonly Token[], keyword: number): number[] {
  let at = skipSpace(list, keyword + 1, 1);
  if (list[at]?.text === "号") at = skipSpace(list, at + 1, 1);
  if (list[at]?.kind === "label" && list[at]?.text !== "号") at = skipSpace(list, at + 1, 1);
  return list[at]?.kind === "number" ? portsOf(numberRun(list, at).numbers) : [];
}

/** Before "port": "22 and 80 ports", "3306端口"; a "/" does not join here ("10.0.0.0/8 port" is not port 0). */
function listedBeforeKeyword(list: readonly Token[], keyword: number): number[] {
  const ports: number[] = [];
  let at = skipSpace(list, keyword - 1, -1);
  while (list[at]?.kind === "number") {
    ports.push(Number(list[at]?.text));
    let previous = skipSpace(list, at - 1, -1);
    if (list[previous]?.kind === "joiner") previous = skipSpace(list, previous - 1, -1);
    at = previous;
  }
  return ports.filter(isPortNumber).reverse();
}

/** Every port the text lists beside a port keyword, in the order written, duplicates kept. */
export function listedPorts(text: string): number[] {
  const list = tokens(text);
  const ports: number[] = [];
  list.forEach((token, index) => {
    if (token.kind !== "keyword") return;
    // One push per port: spreading a list of a million numbers into push() overflows the stack.
    for (const port of listedAfterKeyword(list, index)) ports.push(port);
    for (const port of listedBeforeKeyword(list, index)) ports.push(port);
  });
  return ports;
}

/**
 * After an opening verb, without the word "port": "open 80 and 443", "expose 8080", "allow 80/443",
 * "开放 80、443", and after a service that listens: "nginx on 80/443", "app on 8080". A number followed by a unit is a size, a count or a time, not a port. Bounded:
 * at most eight numbers, each joined by one separator.
 */
const OPEN_NUMBERS =
  /(?:^|[^a-z])(?:open|expose|allow|开放|放行|打开|允许|(?:nginx|apache|tomcat|caddy|app|web|api|service|服务)\s{1,3}(?:on|at|listening on|监听))\s{0,3}(\d{2,5}(?:\s{0,2}(?:,|，|、|\/|and|和)\s{0,2}\d{2,5}){0,7})(?![\d.]|\s{0,2}(?:g|gb|gib|t|tb|m|mb|mbps|台|个|核|天|days?|vcpus?|cores?|servers?|instances?)(?![a-z]))/gi;

/** "and 80 open", "80/443 opened", "80 和 443 开放": the ports before the word that opens them. Bounded, like OPEN_NUMBERS. */
const NUMBERS_OPEN = /(?<![\d.:/-])(\d{2,5}(?:\s{0,2}(?:,|，|、|\/|and|&|和)\s{0,2}\d{2,5}){0,7})\s{0,2}(?:open(?:ed)?\b|开放|放行)/gi;

/** The ports the text opens with a verb ("open 80 and 443", "80 open"), in the order written. */
export function openedPorts(text: string): number[] {
  const lists = [...text.matchAll(OPEN_NUMBERS), ...text.matchAll(NUMBERS_OPEN)].sort((a, b) => a.index - b.index);
  return lists.flatMap((match) => (match[1]?.match(/\d{2,5}/g) ?? []).map(Number)).filter((port) => port >= 20 && port <= 65535);
}
