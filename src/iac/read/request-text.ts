/**
 * The request as the value grammars read it (issue 27 items 5 and 6): spellings that change no
 * value are brought to the one each grammar knows, so "SSH only from 203.0.113.0/24." reads like
 * "SSH only from 203.0.113.0/24", "100 gigs" like "100 GB" and "443 (HTTPS)" like "443". The
 * metamorphic suite (test/node/metamorphic-suite.test.ts) found each of these silently dropping a
 * value. A protocol in parentheses is read apart, from the original text (kinds/slb/protocol.ts),
 * before it is dropped here. When the lexer of issue 27 item 7 lands (read/lexer.ts), its
 * normalized tokens replace this file. Linear: each pattern is one bounded pass.
 */
import { withoutTakenBack } from "./taken-back";

/** A full stop, "!" or "?" ending a sentence after a value: "…/24." or "ecs.g7.xlarge." ("8.0" has no space after its dot); it becomes a semicolon, so the readers still end the clause there ("… backend 8080. SSH only from X"). */
const SENTENCE_END = /(?<=[\w/%])[.!?](?=\s|$)/g;
/** "100 gigs", "50 gig", "2 terabytes": spoken units. */
const SPOKEN_GIB = /(\d{1,5})\s{0,2}(?:gigs?|gigabytes?)\b/gi;
const SPOKEN_TIB = /(\d{1,5})\s{0,2}(?:terabytes?|teras?)\b/gi;
/** "443 (HTTPS)", "22（SSH）", "80 (tcp)": a protocol in parentheses after a port. */
export const PORT_PROTOCOL = /(\d{2,5})\s{0,2}[(（]\s{0,2}(tcp|udp|https?|ssh|rdp|mysql|postgres(?:ql)?|redis|sql ?server)\s{0,2}[)）]/gi;

/** "需求单 4821：", "工单#123 —", "JIRA-77:": a ticket label before the request; its number is no value. */
const TICKET_LABEL = /^\s{0,4}(?:需求单|工单|单号|ticket|issue|jira|case)[\s#-]{0,3}\d{1,10}\s{0,2}(?:[:：]|—{1,2}|--?)/i;

/** "lock SSH down to", "lock down SSH to", "restrict SSH to": the SSH grammar's "SSH only from". */
const LOCK_DOWN =
  /\block(?:ed)?\s{1,3}(ssh|rdp|port\s{0,2}\d{2,5}|\d{2,5})\s{1,3}down\s{1,3}to\b|\block\s{1,3}down\s{1,3}(ssh|rdp|port\s{0,2}\d{2,5}|\d{2,5})\s{1,3}to\b|\brestrict\s{1,3}(ssh|rdp)\s{1,3}to\b/gi;
/** A lone address after a source word ("only from my office 203.0.113.7"): a /32 range. */
const LONE_ADDRESS = /(\b(?:from|only|office|home|allow|允许|来自)\b[^\n,;，；]{0,24}?)(?<![\d./])(\d{1,3}(?:\.\d{1,3}){3})(?![\d/]|\.\d)/gi;
/** "the HTTPS port to 8443": the port the protocol names ("port 443 to 8443"). */
const NAMED_PORT = /\b(?:the\s{1,3})?(https|http|ssh|rdp|mysql|redis)\s{1,3}port\b(?=\s{1,3}(?:to|from)\s{1,3}\d)/gi;
/** "… and also …", "… and then …", "…，另外…": a new clause, so a range of the second is not the first one's. */
const CLAUSE_JOIN = /\s{1,3}(and also|and then|as well as|plus also)\s{1,3}/gi;
/** "after 1 year", "after a year", "6 months", "1年后", "6个月": a lifecycle's time in the days OSS counts (a year 365, a month 30). */
const YEARS_MONTHS = /\b(\d{1,2}|an?|one)\s{0,2}(years?|yrs?|months?)\b|(\d{1,2}|一|两|半)\s{0,2}(年|个月)/gi;
const SMALL_NUMBERS: Record<string, number> = { a: 1, an: 1, one: 1, 一: 1, 两: 2, 半: 0.5 };
/** "after 30d", "archive after 90 d", "365d": days as an engineer abbreviates them (the lexer reads the same "d" as days); never a word ("3 disks", "2d6"). */
const SHORT_DAYS = /(?<![\w./-])(\d{1,4})\s{0,2}d(?![\w./-])/gi;

function inDays(whole: string, enNumber?: string, enUnit?: string, zhNumber?: string, zhUnit?: string): string {
  const number = enNumber ?? zhNumber ?? "";
  const count = SMALL_NUMBERS[number.toLowerCase()] ?? Number(number);
  const perUnit = (enUnit ?? zhUnit ?? "").startsWith("y") || zhUnit === "年" ? 365 : 30;
  // Half a year is six months of 30 days, as a month is.
  const days = zhNumber === "半" && zhUnit === "年" ? 180 : Math.round(count * perUnit);
  if (!Number.isFinite(days) || days <= 0) return whole;
  return zhUnit ? `${days}天` : `${days} days`;
}

const PROTOCOL_PORT: Record<string, number> = { https: 443, http: 80, ssh: 22, rdp: 3389, mysql: 3306, redis: 6379 };

/** The request with value-neutral spellings normalized; idempotent. */
/** An ECS type written without its "ecs." ("2 c7.large instances", "g7.2xlarge"): the families and sizes ECS sells. */
const BARE_ECS_TYPE = /(?<![\w.-])((?:[cgr][5-9][a-z]{0,3}|t[56](?:-c\dm\d)?|u1|hf[cgr][67])\.(?:\d{0,2}xlarge|large|medium|small))(?![\w.-])/gi;

/** "2x ecs.g7.large w/ 200G essd", "w/4 cores", "w/o public IP": the shorthands of "with" and "without" (not a path "w/"). */
const WITHOUT_SHORT = /(?<![\w./-])w\/o(?![\w/.-])/gi;
const WITH_SHORT = /(?<![\w./-])w\/(?:(?=\s)|(\d))/gi;

/**
 * "VPC 10.0.0.0/8? no wait, 10.10.0.0/16", "100G, sorry, 200G", "80，不对，8080": a value the request
 * takes back right away, with the words that take it back. Only a value followed by such words and
 * then another value: "sorry, one more thing" takes nothing back.
 */
const TAKEN_BACK =
  /(?<![\w.])\d[\d./]{0,17}[a-z]{0,4}\s{0,2}[?？.…!！]{0,3}\s{0,3}[,，]?\s{0,3}(?:no,?\s{1,2}wait|wait,?\s{1,2}no|scratch that|i mean|sorry|oops|不对|错了|更正)[,，:：]?\s{0,3}(?:(?:make it|it'?s|use|是|改成|应该是)\s{0,3})?(?=\d)/gi;

/**
 * One spelling of the values for the generator (readableText) and the check (check/prose.ts):
 * "c7.large" → "ecs.c7.large", "w/" → "with", and a value taken back right away is gone.
 */
export function canonicalValues(text: string): string {
  // "100GB - actually make that 200GB": a value corrected a few words later goes too (taken-back.ts).
  return withoutTakenBack(
    text
      .replace(WITHOUT_SHORT, "without")
      .replace(WITH_SHORT, (_whole, digit?: string) => (digit ? `with ${digit}` : "with"))
      .replace(BARE_ECS_TYPE, "ecs.$1")
      .replace(TAKEN_BACK, ""),
  );
}

export function readableText(text: string): string {
  return canonicalValues(text)
    .replace(TICKET_LABEL, "")
    .replace(LOCK_DOWN, (_whole, a?: string, b?: string, c?: string) => `${a ?? b ?? c ?? ""} only from`)
    .replace(LONE_ADDRESS, "$1$2/32")
    .replace(CLAUSE_JOIN, "; $1 ")
    .replace(NAMED_PORT, (_whole, name: string) => `port ${PROTOCOL_PORT[name.toLowerCase()] ?? name}`)
    .replace(SENTENCE_END, ";")
    .replace(SPOKEN_GIB, "$1 GB")
    .replace(SPOKEN_TIB, "$1 TB")
    .replace(PORT_PROTOCOL, "$1")
    .replace(YEARS_MONTHS, inDays)
    .replace(SHORT_DAYS, "$1 days");
}
