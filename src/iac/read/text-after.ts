/**
 * "A keyword, then within a few characters a value": the shape of most request rules. Written as
 * one regular expression (`keyword[^\d]{0,30}?(\d+)…`) it is retried at every keyword and its
 * bounded gaps overlap, which a backtracking matcher pays for on long runs. Here the keyword is
 * found once per occurrence and the value is read with an anchored pattern from a bounded window
 * after it, so a request costs one pass for the keyword plus a constant per occurrence.
 */

export interface Found {
  /** The keyword and what the anchored pattern matched after it. */
  readonly text: string;
  /** The anchored pattern's match, read from the window after the keyword. */
  readonly tail: RegExpExecArray;
  /** Where the keyword starts in the text. */
  readonly at: number;
}

/** Each occurrence of `keyword` (a /g pattern) followed, within `reach` characters, by `tail` (anchored with ^). */
export function* afterKeyword(text: string, keyword: RegExp, tail: RegExp, reach: number): Generator<Found> {
  for (const match of text.matchAll(keyword)) {
    const end = match.index + match[0].length;
    const found = tail.exec(text.slice(end, end + reach));
    if (found) yield { text: match[0] + found[0], tail: found, at: match.index };
  }
}
