/**
 * "Postgres 15 HA, 100GB - actually make that 200GB", "One ECS 2c8g in Hangzhou, no wait, 4c8g": a
 * value the request corrects a few words later. The value corrected is dropped, with the words that
 * correct it, so the generator and the check (both read canonicalValues) build and verify the value
 * the engineer settled on (round seven: both requests built the first value). Read from the lexer's
 * tokens: the correction's value must follow its cue at once (fillers aside: "make that", "it's")
 * and be of the same kind (a size for a size, a CPU/memory for a CPU/memory) as the value it
 * replaces, which stands before the cue in the same sentence. A word asked about and answered "no"
 * ("Redis cluster? no, just standard …") is taken back with its answer. The lexer runs only when a cue is
 * written; each cue is read once: linear.
 */
import { tokenize } from "../kinds/vocabulary";
import type { Token, TokenKind } from "./token";

/** The words that take a value back ("no wait", "actually", "10.0.0.0/8 is too big, use …"); a global pattern, so every cue is found in one pass. */
const CUES =
  /\b(?:no,?\s{1,2}wait|wait,?\s{1,2}no|no,\s{0,2}(?:just|only)|no(?=,\s{0,2}(?:make|use)\b)|(?<=\?\s{0,2})no(?=,|\s{1,2}\d)|(?<=\?\s{0,2})make(?=\s{1,2}(?:it|that)\b)|scratch that|i mean|actually|sorry|oops|correction|rather|(?:is|'s|are)\s{1,2}(?:too\s{1,2}(?:big|large|small|wide|narrow)|wrong))\b|不对|错了|说错了|更正|哦不|太大了|太小了/gi;
/** Words between a cue and its value: "actually make that 200GB", "I mean it's 4c8g", "不对，应该是 8080". */
const FILLERS = new Set([
  "make",
  "that",
  "it",
  "it's",
  "its",
  "to",
  "use",
  "be",
  "is",
  "should",
  "change",
  "a",
  "an",
  "the",
  // "MySQL on 3306? no, on 3307": the preposition the correction repeats.
  "on",
  "at",
  "port",
  "用",
  "应该是",
  "是",
  "改成",
  "-",
  "—",
  "–",
  ",",
  "，",
  ":",
  "：",
]);
/** How many tokens back the corrected value may stand ("2c8g in Hangzhou, no wait, 4c8g"). */
const BACK_REACH = 8;
/** The kinds of values a correction replaces. */
const VALUE_KINDS: ReadonlySet<TokenKind> = new Set([
  // "Need 3 Redis? no, just 1 Redis": a bare number for a bare number.
  "number",
  "size",
  "compute",
  "bandwidth",
  "count",
  "port",
  "cidr",
  "address",
  "version",
  "instanceType",
  "region",
  "zone",
  "duration",
]);
/** The names a correction may replace: "MySQL … I mean PostgreSQL", "Ubuntu … no wait, Alibaba Cloud Linux", "an ALB … actually a CLB". */
const NAME_CLASSES = new Set(["engine", "image", "product"]);
/** Products one may stand in for another in a correction ("an ALB on 443, actually make it a CLB"): load balancers. */
const INTERCHANGEABLE: readonly ReadonlySet<string>[] = [new Set(["slb", "alb", "nlb"])];
const SENTENCE_ENDS = new Set([".", ";", "；", "。", "\n", "!", "?"]);

/** A load balancer's scope before its name in a correction ("actually an internet SLB"): kept, not blanked with the cue. */
const SCOPE_WORDS = new Set(["internet", "internet-facing", "public", "internal", "intranet", "private"]);

/**
 * The value token right after the cue ending at `end`, past fillers and a scope word, and where the
 * blank of the cue's words ends (before a scope word, which stays); undefined when the cue is
 * followed by anything else.
 */
function correctionAfter(tokens: readonly Token[], from: number): { token: Token; keepFrom: number } | undefined {
  let keepFrom: number | undefined;
  for (let index = from; index < tokens.length && index < from + 5; index += 1) {
    const token = tokens[index] as Token;
    if (VALUE_KINDS.has(token.kind) || (token.kind === "name" && NAME_CLASSES.has(String(token.of)))) return { token, keepFrom: keepFrom ?? token.start };
    if (keepFrom === undefined && SCOPE_WORDS.has(String(token.value).toLowerCase())) {
      keepFrom = token.start;
      continue;
    }
    if (!FILLERS.has(String(token.value).toLowerCase())) return undefined;
  }
  return undefined;
}

/** Whether `earlier` is what `correction` replaces: a value of the same kind, an engine for an engine, an image for an image, a load balancer for a load balancer. */
function replaces(earlier: Token, correction: Token): boolean {
  // "3 servers, no, make it 2": a bare number corrects a count.
  if (earlier.kind === "count" && correction.kind === "number") return true;
  // "internal on 3306? no 8080": a bare number corrects a port.
  if (earlier.kind === "port" && correction.kind === "number") return true;
  if (earlier.kind !== correction.kind) return false;
  if (correction.kind !== "name") return true;
  if (earlier.of !== correction.of || earlier.value === correction.value) return false;
  if (correction.of === "engine" || correction.of === "image") return true;
  return INTERCHANGEABLE.some((family) => family.has(String(earlier.value)) && family.has(String(correction.value)));
}

/** The index of the value the correction replaces, before the token at `index`, in its sentence and within reach. */
function correctedBefore(tokens: readonly Token[], index: number, correction: Token): number | undefined {
  for (let back = index - 1; back >= 0 && back >= index - BACK_REACH; back -= 1) {
    const token = tokens[back] as Token;
    // "internet ALB... actually CLB": the dots of an ellipsis end no sentence.
    const ellipsis = token.value === "." && (tokens[back - 1]?.value === "." || tokens[back + 1]?.value === ".");
    // "Need 3 Redis? no, just 1": a question answered by the correction right after it.
    const asked = token.value === "?" && back === index - 1;
    if (token.kind === "punctuation" && SENTENCE_ENDS.has(String(token.value)) && !ellipsis && !asked) return undefined;
    if (replaces(token, correction)) return back;
  }
  return undefined;
}

/** The text with each corrected value and its cue blanked out (spaces keep every other offset). */
export function withoutTakenBack(text: string): string {
  CUES.lastIndex = 0;
  const written = CUES.test(text);
  // matchAll starts where the test left off: start it from the beginning.
  CUES.lastIndex = 0;
  if (!written) return text;
  const tokens = tokenize(text);
  // [start, end, text]: the span blanked, or written over with `text` padded to its length.
  const blanks: [number, number, string?][] = [];
  let next = 0;
  for (const cue of text.matchAll(CUES)) {
    const cueEnd = cue.index + cue[0].length;
    while (next < tokens.length && (tokens[next] as Token).start < cueEnd) next += 1;
    const found = correctionAfter(tokens, next);
    let cueStart = next;
    while (cueStart > 0 && (tokens[cueStart - 1] as Token).end > cue.index) cueStart -= 1;
    if (!found) {
      // "Redis cluster? no, just standard master-replica 4GB": a word asked about and answered no is taken back with the answer.
      const asked = tokens[cueStart - 1];
      const word = tokens[cueStart - 2];
      // "an RDS PostgreSQL 14 read-only instance? no, just the primary": a product not built, asked about and answered no, too.
      // "… and an EIP? no, just the built-in public IP": a product the engine builds, too.
      const unbuilt = word?.kind === "name" && word.of === "product";
      if (/^no\b/i.test(cue[0]) && asked?.value === "?" && (word?.kind === "word" || unbuilt)) blanks.push([word?.start ?? cue.index, cueEnd]);
      continue;
    }
    const correction = found.token;
    const at = correctedBefore(tokens, cueStart, correction);
    const corrected = at === undefined ? undefined : tokens[at];
    if (at === undefined || !corrected) continue;
    // "2c8g" is two tokens, the CPU and the memory; "MySQL 8.0", "ubuntu 22.04" a name and its version: each pair goes together.
    const tail = tokens[at + 1];
    const paired =
      tail !== undefined &&
      tail.start - corrected.end <= 1 &&
      ((corrected.kind === "compute" && tail.kind === "size") || (corrected.kind === "name" && tail.kind === "version"));
    const end = paired ? tail.end : corrected.end;
    // "3 servers, no, make it 2": the number takes the count's place before its noun (when it fits), and leaves its own.
    // "one internal on 3306? no 8080 for api": a value of the same kind is written where the corrected one stood, so the words
    // around it still read it (a run of blanks between "on" and the port would part them).
    const sameKind =
      !paired && corrected.kind !== "name" && (corrected.kind === correction.kind || (corrected.kind === "port" && correction.kind === "number"));
    const inPlace = ((corrected.kind === "count" && correction.kind === "number") || sameKind) && correction.text.length <= end - corrected.start;
    if (inPlace) blanks.push([corrected.start, end, correction.text], [cue.index, correction.end]);
    else blanks.push([corrected.start, end], [cue.index, found.keepFrom]);
  }
  // The blanks come in text order, two per cue; built in one pass.
  const pieces: string[] = [];
  let at = 0;
  for (const [start, end, written = ""] of blanks.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    pieces.push(text.slice(at, start), written.padEnd(end - start, " "));
    at = end;
  }
  pieces.push(text.slice(at));
  return pieces.join("");
}
