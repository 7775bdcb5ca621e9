/**
 * Zones by their letter, the way the console and engineers name them: "杭州 H 区和 I 区", "zone H",
 * "可用区 I", "H zone", "zones H and I". With the request's region they are zone ids
 * ("cn-hangzhou-h"); without a region they are left unread (no region is guessed). Read by the
 * generator (read/request-values.ts) and the lexer's refinement (the check places them), bounded
 * patterns: linear.
 */
import { tokenize } from "../kinds/vocabulary";

/** "zone H", "可用区 I", "zones H and I": the letters after a zone word (a whole word: the "s" of "zones of Beijing" is no zone). */
const AFTER_WORD = /(?:\bzones?\b|可用区)\s{0,2}(?:[(（]\s{0,2})?([a-z])(?![a-z0-9-])(?:\s{0,2}(?:,|，|、|\/|and|&|和)\s{0,2}([a-z])(?![a-z0-9-]))?/gi;
/** "H 区", "h区", "H zone" (upper case only: "a zone" is an article). */
const BEFORE_WORD = /(?<![a-z0-9-])([a-z])\s{0,2}区|(?<![A-Za-z0-9-])([A-Z])\s{1,2}zone\b/gi;

/** "zones h, i, j", "zone a, b and c", "zone a/b/c": more letters than AFTER_WORD's two. */
const ZONE_LIST = /\bzones?\s{0,2}[a-z]\s{0,2}[,，、/]\s{0,2}[a-z]\s{0,2}(?:[,，、/]|and|&)/i;

export function zoneLetters(text: string): string[] {
  const letters: string[] = [];
  const add = (letter: string | undefined) => {
    const lower = letter?.toLowerCase();
    if (lower && !letters.includes(lower)) letters.push(lower);
  };
  for (const match of text.matchAll(AFTER_WORD)) {
    add(match[1]);
    add(match[2]);
  }
  for (const match of text.matchAll(BEFORE_WORD)) {
    // "H zone" only in upper case: the pattern is case-insensitive for "H 区".
    if (match[2] && match[2] !== match[2].toUpperCase()) continue;
    add(match[1] ?? match[2]);
  }
  // "zones h, i, j", "zones a, b and c": the lexer reads a list of any length (read/lexer-refine.ts).
  // Only a request that lists zones is lexed again (a lexer pass is the costliest read of a long request).
  if (ZONE_LIST.test(text)) for (const token of tokenize(text)) if (token.kind === "zone" && /^[a-z]$/i.test(token.text)) add(token.text);
  return letters;
}

/** The zone ids of the letters a request names, in its region. */
export function letterZones(text: string, region: string | undefined): string[] {
  return region ? zoneLetters(text).map((letter) => `${region}-${letter}`) : [];
}

/** A zone written as its id: "cn-hangzhou-i", "ap-southeast-1-a". */
const ZONE_ID = /\b((?:cn|ap|us|eu|me|na|sa)-[a-z]+(?:-\d+)?-[a-z])\b/g;

/** Every zone the request names, by id or by letter in its region, once each, in the order written (ids first). */
export function namedZones(text: string, region: string | undefined): string[] {
  const written = [...text.matchAll(ZONE_ID)].map((match) => match[1] ?? "");
  return [...new Set([...written, ...letterZones(text, region)])];
}
