/**
 * The request as the value grammars read it (issue 27 items 5 and 6): spellings that change no
 * value are brought to the one each grammar knows, so "SSH only from 203.0.113.0/24." reads like
 * "SSH only from 203.0.113.0/24", "100 gigs" like "100 GB" and "443 (HTTPS)" like "443". The
 * metamorphic suite (test/node/metamorphic-suite.test.ts) found each of these silently dropping a
 * value. A protocol in parentheses is read apart, from the original text (kinds/slb/protocol.ts),
 * before it is dropped here. When the lexer of issue 27 item 7 lands (read/lexer.ts), its
 * normalized tokens replace this file. Linear: each pattern is one bounded pass.
 */

/** A full stop, "!" or "?" ending a sentence after a value: "…/24." or "ecs.g7.xlarge." ("8.0" has no space after its dot). */
const SENTENCE_END = /(?<=[\w/%])[.!?](?=\s|$)/g;
/** "100 gigs", "50 gig", "2 terabytes": spoken units. */
const SPOKEN_GIB = /(\d{1,5})\s{0,2}(?:gigs?|gigabytes?)\b/gi;
const SPOKEN_TIB = /(\d{1,5})\s{0,2}(?:terabytes?|teras?)\b/gi;
/** "443 (HTTPS)", "22（SSH）", "80 (tcp)": a protocol in parentheses after a port. */
export const PORT_PROTOCOL = /(\d{2,5})\s{0,2}[(（]\s{0,2}(tcp|udp|https?|ssh|rdp|mysql|postgres(?:ql)?|redis|sql ?server)\s{0,2}[)）]/gi;

/** "需求单 4821：", "工单#123 —", "JIRA-77:": a ticket label before the request; its number is no value. */
const TICKET_LABEL = /^\s{0,4}(?:需求单|工单|单号|ticket|issue|jira|case)[\s#-]{0,3}\d{1,10}\s{0,2}(?:[:：]|—{1,2}|--?)/i;

/** The request with value-neutral spellings normalized; idempotent. */
export function readableText(text: string): string {
  return text.replace(TICKET_LABEL, "").replace(SENTENCE_END, " ").replace(SPOKEN_GIB, "$1 GB").replace(SPOKEN_TIB, "$1 TB").replace(PORT_PROTOCOL, "$1");
}
