/**
 * The one tokenizer of a request (issue 27 item 7): request text in, tokens with spans out, each
 * value-shaped token with its value normalized. Both readers read these tokens: the generator's
 * grammar (read/) and the request check (check/), which binds them on its own.
 *
 * API (stable; the generator side builds on it):
 * - `lex(text, vocabulary): Token[]`, in text order, never overlapping. `kinds/vocabulary.ts`
 *   exports `tokenize(text)`, this with the registry's vocabulary; the lexer itself imports no kind,
 *   so a kind's grammar may import the lexer's types without a cycle.
 * - A token's `start`/`end` are offsets into the text given, `[start, end)`; `text` is that slice
 *   as written. Matching is on a folded copy of the same length (NFKC per character where that
 *   keeps one character, lower case), so "８０８０", "，", "（TCP）" read as "8080", ",", "(tcp)".
 * - `kind` and `value`:
 *   `number` (a number, `value` number; decimals too), `size` (GiB: "100G", "100 GB", "100GiB",
 *   "100 gigs", "1T" → 1024), `bandwidth` (Mbps: "5M", "5 Mbps", "1Gbps" → 1000), `duration`
 *   (`unit` day|month|year|hour: "30 days", "30天", "2 weeks" → 14 day), `compute` (vCPUs: "4核",
 *   "4 vCPU", "4c"), `count` ("2x", "x2", "×3", "two", "两台", "3 个" → 2, 2, 3, 2, 2, 3),
 *   `quantifier` (each/every/per/每, `value` the word), `negation` (no/without/不要…), `cidr`
 *   ("10.0.0.0/16"), `address` ("203.0.113.7"), `port` and `portRange` (`value` low, `second`
 *   high: a number with a port cue: "port 22", "443 (TCP)", "SSH 22", "open 8080", "22端口", and the
 *   numbers listed with one), `range` (two numbers with a dash and no port cue), `version` ("8.0"
 *   after an engine or image, "v15", "version 8.0", "1.2.3"; `value` string), `resourceId`
 *   (`of` the resource: sg-/vpc-/vsw-/i-/m-…), `instanceType` (`of` the product: ecs.c7.xlarge,
 *   mysql.n2.medium.1), `region` and `zone` (`value` the id: "cn-hangzhou", "杭州", "cn-hangzhou-h"),
 *   `fileName` ("index.html"), `pathPrefix` ("logs/", "static/img/"), `urlPath` ("/healthz"), `name` (a closed vocabulary:
 *   `of` engine|protocol|image|acl|product|disk, `value` the canonical name or the kind), `word`
 *   (`of` "identifier" for a hyphenated name after "named"/"called" or in quotes: "named cdn-assets-2024"),
 *   `punctuation` (`value` its ASCII twin: "，"/"、" → ",", "->" for arrows).
 *
 * Linear time: one pass over the text; every look-ahead is bounded (units, numerals, phrases, paths)
 * and the product nouns are each kind's own linear pattern run once over the text.
 */
import {
  FILE_EXTENSIONS,
  HAN_DIGITS,
  HAN_UNITS,
  HAN_WORDS,
  ID_PREFIXES,
  LATIN_UNITS,
  MAX_HAN_NUMERAL,
  MAX_HAN_UNIT,
  MAX_HAN_WORD,
  NEGATIONS,
  NUMBER_WORDS,
  PER_SECOND_UNITS,
  PUNCTUATION_TWINS,
  QUANTIFIERS,
  TYPE_PREFIXES,
  type UnitReading,
} from "./lexer-tables";
import { refineTokens } from "./lexer-refine";
import type { Token, Vocabulary, VocabularyEntry } from "./token";

export type { NameClass, Token, TokenKind, Vocabulary, VocabularyEntry } from "./token";

/** Most path segments read as one path ("a/b/c/"): a bound, so a long run of slashes stays linear. */
const MAX_PATH_SEGMENTS = 12;
/** Longest word in a phrase lookup key. */
const MAX_KEY = 24;

interface Lexing {
  readonly input: string;
  readonly folded: string;
  readonly tokens: Token[];
  /** Product noun spans by start: the longest one at each start. */
  readonly products: ReadonlyMap<number, { end: number; kind: string }>;
  readonly phrases: PhraseIndex;
}

type PhraseIndex = ReadonlyMap<string, ReadonlyArray<{ phrase: string; entry: VocabularyEntry }>>;

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isLatin = (c: string | undefined) => c !== undefined && c >= "a" && c <= "z";
const isHan = (c: string | undefined) => c !== undefined && ((c >= "\u4e00" && c <= "\u9fff") || (c >= "\u3400" && c <= "\u4dbf"));
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\u3000" || c === "\u00a0";
const isWordPart = (c: string | undefined) => isLatin(c) || isDigit(c) || c === "_";

/** The text, one character at a time in NFKC and lower case where that keeps one character: same length, same offsets. */
export function fold(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] ?? "";
    const code = c.charCodeAt(0);
    if (code < 0x80) {
      out += c.toLowerCase();
      continue;
    }
    const normal = c.normalize("NFKC").toLowerCase();
    out += normal.length === 1 ? normal : c.toLowerCase().length === 1 ? c.toLowerCase() : c;
  }
  return out;
}

const phraseIndexes = new WeakMap<Vocabulary, PhraseIndex>();

/** The phrases by lookup key (the leading letters, or the first Han character), longest first. */
function phraseIndex(vocabulary: Vocabulary): PhraseIndex {
  const cached = phraseIndexes.get(vocabulary);
  if (cached) return cached;
  const index = new Map<string, Array<{ phrase: string; entry: VocabularyEntry }>>();
  for (const [phrase, entry] of vocabulary.phrases) {
    const key = keyAt(phrase, 0);
    if (key === "") continue;
    const list = index.get(key) ?? [];
    list.push({ phrase, entry });
    index.set(key, list);
  }
  for (const list of index.values()) list.sort((a, b) => b.phrase.length - a.phrase.length);
  phraseIndexes.set(vocabulary, index);
  return index;
}

/** The lookup key at `at`: the run of Latin letters there (bounded), or the one Han character. */
function keyAt(text: string, at: number): string {
  if (isHan(text[at])) return text[at] ?? "";
  let end = at;
  while (end < text.length && end - at < MAX_KEY && isLatin(text[end])) end += 1;
  return text.slice(at, end);
}

/** The longest vocabulary phrase at `at`, ending at a word boundary (digits may follow an engine or image: "mysql5.7"). */
function phraseAt(lexing: Lexing, at: number): { end: number; entry: VocabularyEntry } | undefined {
  for (const { phrase, entry } of lexing.phrases.get(keyAt(lexing.folded, at)) ?? []) {
    if (!lexing.folded.startsWith(phrase, at)) continue;
    const end = at + phrase.length;
    const next = lexing.folded[end];
    if (isHan(phrase[phrase.length - 1])) return { end, entry };
    const digitsMayFollow = entry.of === "engine" || entry.of === "image";
    if (isLatin(next) || next === "_" || (isDigit(next) && !digitsMayFollow)) continue;
    return { end, entry };
  }
  return undefined;
}

function productSpans(folded: string, vocabulary: Vocabulary): Map<number, { end: number; kind: string }> {
  const spans = new Map<number, { end: number; kind: string }>();
  for (const { kind, nouns } of vocabulary.products) {
    for (const match of folded.matchAll(nouns)) {
      const end = match.index + match[0].length;
      const known = spans.get(match.index);
      if (match[0].length > 0 && (!known || known.end < end)) spans.set(match.index, { end, kind });
    }
  }
  return spans;
}

function push(lexing: Lexing, token: Omit<Token, "text">): number {
  lexing.tokens.push({ ...token, text: lexing.input.slice(token.start, token.end) });
  return token.end;
}

/** The tokens of `text`, read with the closed vocabularies of `vocabulary`. */
export function lex(text: string, vocabulary: Vocabulary): Token[] {
  const folded = fold(text);
  const lexing: Lexing = { input: text, folded, tokens: [], products: productSpans(folded, vocabulary), phrases: phraseIndex(vocabulary) };
  let i = 0;
  while (i < folded.length) {
    const c = folded[i];
    if (isSpace(c)) i += 1;
    else if (isDigit(c)) i = lexNumber(lexing, i);
    else if (isLatin(c)) i = lexWord(lexing, i, vocabulary);
    else if (isHan(c)) i = lexHan(lexing, i);
    else i = lexPunctuation(lexing, i);
  }
  return refineTokens(lexing.tokens, text);
}

/** Digits from `at`: the end offset. */
function digitsEnd(text: string, at: number): number {
  let end = at;
  while (isDigit(text[end])) end += 1;
  return end;
}

/** What follows 只 when it means "only": 允许, 开放, 对, 给, 能, 限, 放. */
const ONLY_VERBS = /^(?:允许|开放|对|给|能|限|放)/;

/** The unit after a number at `at` (up to two spaces, or a dash, between): its reading and end. */
function unitAfter(folded: string, at: number): { reading: UnitReading; end: number } | undefined {
  let from = at;
  if (folded[from] === "-" && isLatin(folded[from + 1])) from += 1;
  else while (from - at < 2 && folded[from] === " ") from += 1;
  const spaced = from > at;
  if (isHan(folded[from]) || folded[from] === "个") {
    for (let length = MAX_HAN_UNIT; length >= 1; length -= 1) {
      const unit = folded.slice(from, from + length);
      const reading = unit.length === length ? HAN_UNITS.get(unit) : undefined;
      // "22 只允许 X", "3306 仅对内网": 只/仅 before a verb is "only", not a measure word ("两只").
      const onlyBeforeVerb = length === 1 && folded[from] === "只" && ONLY_VERBS.test(folded.slice(from + 1, from + 3));
      if (reading && !onlyBeforeVerb && !(length === 1 && folded[from] === "个" && isLatin(folded[from + 1]))) return { reading, end: from + length };
    }
    return undefined;
  }
  let end = from;
  while (end - from < MAX_KEY && isLatin(folded[end])) end += 1;
  if (end === from || isLatin(folded[end])) return undefined;
  const word = folded.slice(from, end);
  if (folded[end] === "/" && folded[end + 1] === "s" && !isWordPart(folded[end + 2])) {
    const reading = PER_SECOND_UNITS.get(word);
    if (reading) return { reading, end: end + 2 };
  }
  const reading = LATIN_UNITS.get(word);
  // A single letter after a space is a unit only for sizes, bandwidths and days ("100 G", "5 M", "after 30 d"); "3 h" or "2 x" is no unit.
  if (!reading || (spaced && word.length === 1 && reading.kind !== "size" && reading.kind !== "bandwidth" && word !== "d")) return undefined;
  if (isDigit(folded[end]) && reading.kind !== "compute" && reading.kind !== "count") return undefined;
  return { reading, end };
}

function lexNumber(lexing: Lexing, at: number): number {
  const { folded } = lexing;
  const parts: string[] = [];
  let end = at;
  for (;;) {
    const partEnd = digitsEnd(folded, end);
    parts.push(folded.slice(end, partEnd));
    end = partEnd;
    if (folded[end] !== "." || !isDigit(folded[end + 1])) break;
    end += 1;
  }
  if (parts.length === 4 && parts.every((part) => part.length <= 3 && Number(part) <= 255)) return lexAddress(lexing, at, end);
  if (parts.length >= 3) return push(lexing, { kind: "version", start: at, end, value: parts.join(".") });
  if (parts.length === 1 && folded[end] === "-" && isDigit(folded[end + 1])) {
    const highEnd = digitsEnd(folded, end + 1);
    if (folded[highEnd] !== "." || !isDigit(folded[highEnd + 1])) {
      return push(lexing, { kind: "range", start: at, end: highEnd, value: Number(parts[0]), second: Number(folded.slice(end + 1, highEnd)) });
    }
  }
  const amount = Number(parts.join("."));
  if (isLatin(folded[end]) || isSpace(folded[end]) || folded[end] === "-" || isHan(folded[end]) || folded[end] === "个") {
    const unit = unitAfter(folded, end);
    if (unit) {
      const { kind, factor } = unit.reading;
      return push(lexing, {
        kind,
        start: at,
        end: unit.end,
        value: kind === "count" ? amount : amount * factor,
        ...(unit.reading.unit ? { unit: unit.reading.unit } : {}),
      });
    }
  }
  // Digits glued to letters that are no unit ("2fa", "4k") are a word; "404.html" is a file name.
  if (isLatin(folded[end]) || (folded[end] === "." && isLatin(folded[end + 1]))) return lexWord(lexing, at, undefined, end);
  return push(lexing, { kind: "number", start: at, end, value: amount });
}

function lexAddress(lexing: Lexing, at: number, end: number): number {
  const { folded } = lexing;
  if (folded[end] === "/" && isDigit(folded[end + 1])) {
    const prefixEnd = digitsEnd(folded, end + 1);
    const prefix = Number(folded.slice(end + 1, prefixEnd));
    if (prefixEnd - end <= 3 && prefix <= 32) return push(lexing, { kind: "cidr", start: at, end: prefixEnd, value: folded.slice(at, prefixEnd) });
  }
  return push(lexing, { kind: "address", start: at, end, value: folded.slice(at, end) });
}

/** The end of a word from `at`: letters, digits, `_`, and `.`/`-`/`'` inside it (not at its end). */
function wordEnd(folded: string, at: number): number {
  let end = at;
  while (end < folded.length) {
    const c = folded[end];
    if (isWordPart(c)) end += 1;
    else if ((c === "." || c === "-" || c === "'") && isWordPart(folded[end + 1])) end += 1;
    else break;
  }
  return end;
}

/** A path after a word: "logs/", "static/img/", "site/index.html"; the end, or undefined when it is no path. */
function pathEnd(folded: string, wordStop: number): { end: number; prefix: boolean } | undefined {
  // No slash after the word: no path (and no search back through the text for one, once per word).
  if (folded[wordStop] !== "/") return undefined;
  let end = wordStop;
  let lastStart = wordStop;
  for (let segments = 0; folded[end] === "/" && segments < MAX_PATH_SEGMENTS; segments += 1) {
    if (!isWordPart(folded[end + 1])) return { end: end + 1, prefix: true };
    lastStart = end + 1;
    end = wordEnd(folded, end + 1);
  }
  const last = folded.slice(lastStart, end);
  const dot = last.lastIndexOf(".");
  return end > wordStop && dot > 0 && FILE_EXTENSIONS.has(last.slice(dot + 1)) ? { end, prefix: false } : undefined;
}

const RESOURCE_ID = /^([a-z]{1,4})-([a-z0-9]{6,40})$/;
const X_COUNT = /^x(\d{1,3})$/;
const V_VERSION = /^v(\d{1,4}(?:\.\d{1,4}){0,3})$/;

/** A word that is one value by its shape: an id, a type, a region or zone, a file name, "x2", "v15". */
function shapeOf(word: string, vocabulary: Vocabulary | undefined): Omit<Token, "text" | "start" | "end"> | undefined {
  const id = RESOURCE_ID.exec(word);
  const owner = id ? ID_PREFIXES.get(id[1] ?? "") : undefined;
  if (id && owner && /\d/.test(id[2] ?? "") && ((id[1] ?? "").length > 1 || (id[2] ?? "").length >= 8)) return { kind: "resourceId", value: word, of: owner };
  const parts = word.split(".");
  const product = TYPE_PREFIXES.get(parts[0] ?? "");
  if (product && parts.length >= 3 && parts.every((part) => part !== "")) return { kind: "instanceType", value: word, of: product };
  if (vocabulary?.regionIds.has(word)) return { kind: "region", value: word };
  if (vocabulary && /-[a-z]$/.test(word) && vocabulary.regionIds.has(word.slice(0, -2))) return { kind: "zone", value: word };
  const dot = word.lastIndexOf(".");
  if (dot > 0 && FILE_EXTENSIONS.has(word.slice(dot + 1))) return { kind: "fileName", value: word };
  const times = X_COUNT.exec(word);
  if (times) return { kind: "count", value: Number(times[1]) };
  const version = V_VERSION.exec(word);
  if (version) return { kind: "version", value: version[1] ?? "" };
  return undefined;
}

/** Words after which an identifier is a name: "a bucket named cdn-assets-2024", "called web-prod". */
const NAMING_WORDS: ReadonlySet<string> = new Set(["named", "called"]);
const QUOTE_MARKS: ReadonlySet<string> = new Set(["`", '"', "'", "“", "”", "‘", "’"]);

/**
 * Whether the word from `at` to `stop` is a hyphenated identifier written as a name: right after
 * "named"/"called" (a quote between at most) or in quotes. Its first part is then no product
 * ("named cdn-assets-2024" asks for no CDN), where "CDN-backed" or "k8s-free" still start with one.
 */
function isWrittenName(lexing: Lexing, at: number, stop: number): boolean {
  if (!lexing.folded.slice(at, stop).includes("-")) return false;
  const previous = lexing.tokens[lexing.tokens.length - 1];
  const quoted = previous?.kind === "punctuation" && previous.end === at && QUOTE_MARKS.has(previous.text);
  if (quoted && QUOTE_MARKS.has(lexing.folded[stop] ?? "")) return true;
  const naming = quoted ? lexing.tokens[lexing.tokens.length - 2] : previous;
  return naming?.kind === "word" && NAMING_WORDS.has(String(naming.value));
}

function lexWord(lexing: Lexing, at: number, vocabulary: Vocabulary | undefined, gluedFrom?: number): number {
  const { folded } = lexing;
  const stop = wordEnd(folded, gluedFrom ?? at);
  const word = folded.slice(at, stop);
  const path = pathEnd(folded, stop);
  if (path) return push(lexing, { kind: path.prefix ? "pathPrefix" : "fileName", start: at, end: path.end, value: folded.slice(at, path.end) });
  const shape = shapeOf(word, vocabulary);
  if (shape) return push(lexing, { ...shape, start: at, end: stop });
  if (isWrittenName(lexing, at, stop)) return push(lexing, { kind: "word", start: at, end: stop, value: word, of: "identifier" });
  if (gluedFrom === undefined) {
    const phrase = phraseAt(lexing, at);
    const product = lexing.products.get(at);
    if (product && (!phrase || product.end > phrase.end))
      return push(lexing, { kind: "name", of: "product", start: at, end: product.end, value: product.kind });
    if (phrase)
      return push(lexing, {
        kind: phrase.entry.kind,
        start: at,
        end: phrase.end,
        value: phrase.entry.value,
        ...(phrase.entry.of ? { of: phrase.entry.of } : {}),
      });
  }
  const count = NUMBER_WORDS.get(word);
  if (count !== undefined) return push(lexing, { kind: "count", start: at, end: stop, value: count });
  if (QUANTIFIERS.has(word)) return push(lexing, { kind: "quantifier", start: at, end: stop, value: word });
  if (NEGATIONS.has(word)) return push(lexing, { kind: "negation", start: at, end: stop, value: word });
  return push(lexing, { kind: "word", start: at, end: stop, value: word });
}

/** A Chinese numeral at `at` ("两", "十二", "二十五", "一百"): its value and end, or undefined. */
function hanNumeral(folded: string, at: number): { value: number; end: number } | undefined {
  let value = 0;
  let digit: number | undefined;
  let end = at;
  while (end - at < MAX_HAN_NUMERAL) {
    const c = folded[end] ?? "";
    const known = HAN_DIGITS.get(c);
    if (known !== undefined) digit = known;
    else if (c === "十") {
      value += (digit ?? 1) * 10;
      digit = undefined;
    } else if (c === "百") {
      value += (digit ?? 1) * 100;
      digit = undefined;
    } else break;
    end += 1;
  }
  return end === at ? undefined : { value: value + (digit ?? 0), end };
}

/** The special token at a Han character, if one starts there: a product, a phrase, a numeral with its unit, a cue word. */
function hanToken(lexing: Lexing, at: number): Omit<Token, "text"> | undefined {
  const { folded } = lexing;
  const product = lexing.products.get(at);
  const phrase = phraseAt(lexing, at);
  if (product && (!phrase || product.end > phrase.end)) return { kind: "name", of: "product", start: at, end: product.end, value: product.kind };
  if (phrase) return { kind: phrase.entry.kind, start: at, end: phrase.end, value: phrase.entry.value, ...(phrase.entry.of ? { of: phrase.entry.of } : {}) };
  const numeral = folded[at - 1] === "第" ? undefined : hanNumeral(folded, at);
  const unit = numeral ? unitAfter(folded, numeral.end) : undefined;
  if (numeral && unit) {
    const { kind, factor } = unit.reading;
    return {
      kind,
      start: at,
      end: unit.end,
      value: kind === "count" ? numeral.value : numeral.value * factor,
      ...(unit.reading.unit ? { unit: unit.reading.unit } : {}),
    };
  }
  for (let length = MAX_HAN_WORD; length >= 1; length -= 1) {
    const word = folded.slice(at, at + length);
    const kind = word.length === length ? HAN_WORDS.get(word) : undefined;
    if (!kind) continue;
    // "每台", "每个": the measure word belongs to the quantifier.
    const measure = kind === "quantifier" && HAN_UNITS.get(folded[at + length] ?? "")?.kind === "count" ? 1 : 0;
    return { kind, start: at, end: at + length + measure, value: folded.slice(at, at + length + measure) };
  }
  return undefined;
}

/** A run of Han characters: the special tokens in it, and the rest as words between them. */
function lexHan(lexing: Lexing, at: number): number {
  let runStart = at;
  let i = at;
  while (isHan(lexing.folded[i])) {
    const special = hanToken(lexing, i);
    if (!special) {
      i += 1;
      continue;
    }
    if (i > runStart) push(lexing, { kind: "word", start: runStart, end: i, value: lexing.folded.slice(runStart, i) });
    i = push(lexing, special);
    runStart = i;
  }
  if (i > runStart) push(lexing, { kind: "word", start: runStart, end: i, value: lexing.folded.slice(runStart, i) });
  return i;
}

const ARROWS = ["->", "=>", "→", "⇒", "➜"];

function lexPunctuation(lexing: Lexing, at: number): number {
  const { folded } = lexing;
  const c = folded[at] ?? "";
  if (c === "×" || c === "*") {
    let from = at + 1;
    while (from - at <= 2 && folded[from] === " ") from += 1;
    const end = digitsEnd(folded, from);
    if (end > from && end - from <= 3 && !isLatin(folded[end])) return push(lexing, { kind: "count", start: at, end, value: Number(folded.slice(from, end)) });
  }
  // "health check on /healthz", "/api/v1/status": a URL path written on its own (after a space or the start).
  if (c === "/" && (at === 0 || /[\s:：(（"'`]/.test(folded[at - 1] ?? "")) && isWordPart(folded[at + 1])) {
    let end = at;
    for (let segments = 0; folded[end] === "/" && isWordPart(folded[end + 1]) && segments < MAX_PATH_SEGMENTS; segments += 1) end = wordEnd(folded, end + 1);
    return push(lexing, { kind: "urlPath", start: at, end, value: folded.slice(at, end) });
  }
  const arrow = ARROWS.find((candidate) => folded.startsWith(candidate, at));
  if (arrow) return push(lexing, { kind: "punctuation", start: at, end: at + arrow.length, value: "->" });
  const code = c.charCodeAt(0);
  const width = code >= 0xd800 && code <= 0xdbff ? 2 : 1;
  return push(lexing, { kind: "punctuation", start: at, end: at + width, value: PUNCTUATION_TWINS.get(c) ?? folded.slice(at, at + width) });
}
