/**
 * The part of a request the check reads values from: the prose, without fenced code and without a
 * pasted template (whose values are the template's, not the request's), in NFKC form so full-width
 * digits and punctuation ("８０８０", "，") read as ASCII. A scanner over it lets each value family
 * claim the characters it read, so a CIDR's digits are not read again as a port or a count.
 * Every scan is bounded: windows around a match have fixed widths, so the check stays linear.
 */
import { canonicalValues } from "../read/request-text";

/** Longest request prose the check reads (the A2A message limit already bounds it; this bounds the work). */
export const MAX_PROSE_CHARS = 20_000;
/** How far before or after a value its cue words may be (a clause of an ordinary sentence). */
export const CUE_WINDOW = 40;

const TEMPLATE_START = ["rostemplateformatversion", "resources:", '{"resources"', '{"rostemplateformatversion"', 'resource "', "terraform {"];

function withoutFences(text: string): string {
  let out = "";
  let at = 0;
  for (;;) {
    const open = text.indexOf("```", at);
    if (open < 0) return out + text.slice(at);
    out += `${text.slice(at, open)} `;
    const close = text.indexOf("```", open + 3);
    if (close < 0) return out;
    at = close + 3;
  }
}

/** The request's prose: fences and a pasted template cut away, NFKC-normalized, bounded; an ECS type written without "ecs." gets it and a value taken back right away is gone (read/request-text.ts). */
export function requestProse(request: string): string {
  let prose = withoutFences(request.slice(0, MAX_PROSE_CHARS * 2));
  const lower = prose.toLowerCase();
  const cut = Math.min(...TEMPLATE_START.map((marker) => lower.indexOf(marker)).filter((index) => index >= 0), prose.length);
  prose = prose.slice(0, cut);
  return canonicalValues(prose.normalize("NFKC").slice(0, MAX_PROSE_CHARS));
}

const BOUNDARY = new Set(["\n", "。", "；", ";", "!", "！", "?", "？"]);

export class Scanner {
  /** The prose in lower case; claimed characters are blanked out. */
  lower: string;
  readonly text: string;
  /** The prose in lower case, never blanked: the cue words around a value. */
  private readonly cues: string;

  constructor(prose: string) {
    const lower = prose.toLowerCase();
    // A few characters change length in lower case ("İ"): then positions would not line up, so the values are shown lower-cased.
    this.text = lower.length === prose.length ? prose : lower;
    this.lower = lower;
    this.cues = lower;
  }

  /** The whole prose in lower case, never blanked: for words that are no value ("Redis 7.0 集群版" after "Redis 7.0" was read). */
  get cueText(): string {
    return this.cues;
  }

  claim(start: number, end: number): void {
    this.lower = this.lower.slice(0, start) + " ".repeat(end - start) + this.lower.slice(end);
  }

  original(start: number, end: number): string {
    return this.text.slice(start, end).trim();
  }

  /** Up to `width` characters before `index`, not crossing a sentence boundary. */
  before(index: number, width = CUE_WINDOW): string {
    const from = Math.max(0, index - width);
    const window = this.cues.slice(from, index);
    let cut = -1;
    for (let i = window.length - 1; i >= 0; i -= 1) {
      const c = window[i] ?? "";
      if (BOUNDARY.has(c) || (c === "." && window[i + 1] === " ")) {
        cut = i;
        break;
      }
    }
    return window.slice(cut + 1);
  }

  /** Up to `width` characters after `index`, not crossing a sentence boundary. */
  after(index: number, width = CUE_WINDOW): string {
    const window = this.cues.slice(index, index + width);
    for (let i = 0; i < window.length; i += 1) {
      const c = window[i] ?? "";
      if (BOUNDARY.has(c) || (c === "." && (window[i + 1] === " " || i + 1 === window.length))) return window.slice(0, i);
    }
    return window;
  }

  /** The clause around a span: its cue windows on both sides. */
  around(start: number, end: number, width = CUE_WINDOW): string {
    return `${this.before(start, width)} ${this.after(end, width)}`;
  }
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10,
};

/** A number written in digits, in English words up to ten, or a Chinese numeral up to 十. */
export function numberOf(word: string): number | undefined {
  if (/^\d{1,9}$/.test(word)) return Number(word);
  return WORD_NUMBERS[word];
}

/** Whether the character can continue a word or a number (so a match next to it is part of something longer). */
export function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /^[a-z0-9_]$/i.test(c);
}

/** A name or type read up to a sentence's end loses its trailing dots and dashes ("ecs.g7.large." → "ecs.g7.large"); a loop, as a `$`-anchored trim is quadratic. */
export function withoutTrailingPunctuation(token: string): string {
  let end = token.length;
  while (end > 0 && (token[end - 1] === "." || token[end - 1] === "-")) end -= 1;
  return token.slice(0, end);
}
