/**
 * A certificate's id, one shape for every reader (the lexer joins it, the generator and the editor
 * take it, the check claims it): letters, digits, hyphens and underscores with a digit in it.
 * Alibaba Cloud's SLB certificate ids are digits and hex joined by underscores
 * ("1231579085529123_15d7c1f2a34"); round thirteen found them cut at the first underscore (the check
 * could not place the digits, and the listener's certificate had no default). Three copies of the
 * pattern had drifted; this is the one.
 */

/** The id itself: at most 128 characters (a bound keeps every reading linear). */
const SHAPE = String.raw`(?=[a-z_-]{0,127}\d)[a-z0-9][a-z0-9_-]{5,127}`;
/** What names the id: "cert", "certificate", "证书", then "id", a colon or "=". */
const NAMED_BY = String.raw`(?:\bcert(?:ificate)?|证书)\s{0,3}(?:id\s{0,3})?[:：=]?\s{0,3}`;

/** "cert id 1234567890abcdef", "certificate: 123456-cn-hangzhou", "证书 ID 1234…": the id in group 1. */
export const CERTIFICATE_ID = new RegExp(String.raw`${NAMED_BY}(${SHAPE})\b`, "i");
/** The same, every occurrence (the check claims each one). */
export const CERTIFICATE_IDS = new RegExp(String.raw`${NAMED_BY}(${SHAPE})\b`, "gi");
/** A text that is one id and nothing else (the lexer's joined tokens). */
export const WHOLE_CERTIFICATE_ID = new RegExp(`^${SHAPE}$`, "i");
