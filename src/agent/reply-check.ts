/**
 * The reply's first line says what the request check says (issue 27 items 1 and 8), whoever wrote
 * the reply. The offline engine opens its replies with the check's headline already; a model
 * writes what it likes, and may well write "all values are in the template" while the check found
 * one missing. So the turn's final message is rewritten here, once the server's own check of the
 * turn's last template is known:
 *
 * - a reply whose first line is already the check's headline (the offline engine's) is left as it
 *   is, and so is any reply when the check lists nothing at all (no value read, nothing found);
 * - otherwise any headline the reply opens with is dropped, and, when the check did not establish
 *   completeness, every sentence of the reply that claims it is dropped too (the streamed text
 *   deltas stay as they were sent: the final message is the turn's answer);
 * - the check's headline is put first, and its blocks (values not found, billable resources not
 *   asked for) follow the reply, unless the reply already lists them.
 *
 * A claim is recognized by its words in English and Chinese (`claimsCompleteness`); a claim in
 * words none of them reads stays, but is never the reply's first line.
 */
import { checkBlocks, checkHeadline, NOT_EXPRESSED_HEADING, type ReplyLanguage, type RequestCheck, withRequestCheck } from "../iac";

/** The lists of a check that are not findings: a value found, and a resource that is billable but present. */
const NOT_FINDINGS: ReadonlySet<string> = new Set(["applied", "unrequested"]);

/**
 * A sentence that says every value (requirement, setting) of the request is in the template has
 * the three parts of such a claim: a word for "all", a word for the values, a word for being in
 * the template; or one of the fixed phrases. Each part is a plain alternation of words, tested on
 * its own (no gap between them for a pattern to backtrack over), so the test is linear.
 */
const CLAIM_PARTS: ReadonlyArray<readonly RegExp[]> = [
  // "All 8 values you gave are in the template", "every setting you asked for has been applied"
  [
    /\b(?:all|every|each|everything)\b/i,
    /\b(?:values?|settings?|requirements?|parameters?|specifications?|everything)\b/i,
    /\b(?:in the template|applied|included|includes|reflected|reflects|present|covered|covers|met|satisfied|expressed|honou?red|configured)\b/i,
  ],
  [/\b(?:fully|completely) (?:meets|satisfies|matches|implements|covers|reflects)\b/i],
  // "你给出的所有值都已在模板中", "所有参数均已写入模板", "完全满足你的需求"
  [/所有|全部|都|均|每个|各项/, /值|参数|要求|需求|配置|设置/, /在模板中|已在|写入|体现|满足|包含|已应用|已配置|实现/],
  [/(?:完全|全部|均已|都已)(?:满足|符合|实现|体现|写入)/],
];

/** True when the sentence claims that every value of the request is in the template. */
export function claimsCompleteness(sentence: string): boolean {
  return CLAIM_PARTS.some((parts) => parts.every((part) => part.test(sentence)));
}

/** A headline of a request check, in either language (the offline engine's, or a model's copy of one). */
const HEADLINE = /^\*\*(?:Request check|请求核对)/;

/** True when the check lists no finding: every value it read is in the template where asked. */
export function checkComplete(check: RequestCheck): boolean {
  return Object.entries(check).every(([list, values]) => NOT_FINDINGS.has(list) || !Array.isArray(values) || values.length === 0);
}

/** The line without its sentences that claim completeness; undefined when nothing of it is left. */
function withoutClaims(line: string): string | undefined {
  if (!claimsCompleteness(line)) return line;
  // Sentences end at . ! ? followed by a space or the line's end ("15.0" is no end), or at 。！？.
  const sentences = line.match(/(?:[^.!?。！？]|[.!?](?=\S))+[.!?。！？]?|[.!?。！？]/g) ?? [line];
  const kept = sentences.filter((sentence) => !claimsCompleteness(sentence));
  // The words of a claim spread over sentences make none: the line stays as written.
  if (kept.length === sentences.length) return line;
  const rest = kept.join("").trim();
  return rest === "" ? undefined : rest;
}

/** The reply the turn ends with: the check's headline first, no claim the check did not establish. */
export function replyWithCheck(text: string, check: RequestCheck, language: ReplyLanguage): string {
  // A check that read no value and found nothing has nothing to say: the reply stays the agent's
  // (a review that hands back a corrected template, a model's template for a request without values).
  if (Object.values(check).every((list) => !Array.isArray(list) || list.length === 0)) return text;
  const first = text.split("\n", 1)[0] ?? "";
  if (first === checkHeadline(check, "en", text) || first === checkHeadline(check, "zh", text)) return text;
  const lines = text.split("\n");
  while (lines.length > 0 && (HEADLINE.test(lines[0] ?? "") || (lines[0] ?? "").trim() === "")) lines.shift();
  const complete = checkComplete(check);
  const body = complete ? lines : lines.flatMap((line) => withoutClaims(line) ?? []);
  const rest = body.join("\n").trim();
  if (rest === "") return [checkHeadline(check, language), ...checkBlocks(check, language)].join("\n");
  if (rest.includes(NOT_EXPRESSED_HEADING.en) || rest.includes(NOT_EXPRESSED_HEADING.zh)) return `${checkHeadline(check, language, rest)}\n\n${rest}`;
  return withRequestCheck(rest, check, language).trimEnd();
}
