/**
 * CORS on a bucket as engineers ask for it: "CORS allow GET from *", "CORS for https://app.example.com
 * (GET, PUT)", "允许 https://a.example.com 跨域访问". One rule: the origins the request writes (a URL's
 * scheme and host, or "*"), else every origin, which the reply says, so the user narrows it; the
 * methods it names (GET, PUT, POST, DELETE, HEAD), else GET and HEAD, what a site reads with. ROS
 * writes `CORSConfiguration.CORSRule`, Terraform a `cors_rule` block. Read within the sentence that
 * says CORS; bounded patterns, one pass each: linear. Before, CORS was named as not built.
 */
export interface CorsValue {
  origins: string[];
  methods: string[];
  /** True when the request named no origin and every origin ("*") was used. */
  anyOrigin: boolean;
}

const CORS = /\bcors\b|cross[- ]origin|跨域/i;
/** A sentence: up to a full stop followed by a space or the end ("app.acme.com" keeps its dots), a semicolon or a line break. */
const SENTENCE = /(?:[^.;。；\n]|\.(?=\S)){0,400}/g;
/** "https://app.example.com", "http://localhost:3000": an origin is a scheme, a host and an optional port. */
const ORIGIN = /\bhttps?:\/\/[a-z0-9][a-z0-9.-]{0,200}(?::\d{1,5})?/gi;
/** "from *", "origin *", "origins: *", "all origins", "any origin", "所有来源". */
const ANY_ORIGIN = /(?:from|origins?|源|来源)\s{0,3}[:：]?\s{0,3}\*|\b(?:all|any)\s{1,3}origins?\b|所有(?:来源|域名)/i;
const METHOD = /\b(GET|PUT|POST|DELETE|HEAD)\b/g;
/** What a website reads with, when no method is named. */
const DEFAULT_METHODS = ["GET", "HEAD"];

/** The CORS rule the request asks the bucket for, if it asks for one (and does not ask it away: "no CORS"). */
export function corsOf(text: string): CorsValue | undefined {
  for (const match of text.matchAll(SENTENCE)) {
    const sentence = match[0];
    if (!CORS.test(sentence) || /\b(?:no|without|disable)\s{1,3}(?:cors|cross[- ]origin)\b|不要跨域|禁止跨域/i.test(sentence)) continue;
    const origins = [...new Set([...sentence.matchAll(ORIGIN)].map((origin) => origin[0].toLowerCase()))];
    const methods = [...new Set([...sentence.matchAll(METHOD)].map((method) => method[1] ?? ""))];
    // "CORS" with no origin: every origin, said in the reply (anyOrigin) so the user narrows it; "from *" asks for it.
    const unnamed = origins.length === 0;
    return { origins: unnamed ? ["*"] : origins, methods: methods.length > 0 ? methods : DEFAULT_METHODS, anyOrigin: unnamed && !ANY_ORIGIN.test(sentence) };
  }
  return undefined;
}
