/**
 * Network values of a request: ids of existing resources (`vpc-…`, `vsw-…`, `sg-…`), regions and
 * zones, and CIDR blocks or single addresses with the role the words give them — a source range
 * ("only from", "白名单") or a network's own range ("VPC 10.0.0.0/16", "交换机网段").
 */
import { CERTIFICATE_IDS } from "../read/certificate-id";
import { findRegion } from "../read/regions";
import { CARVED_AFTER, CARVED_BEFORE } from "../read/source-rules";
import { isWordChar, type Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

const RESOURCE_ID = /\b(?:vpc|vsw|sg)-[a-z0-9]{6,40}\b/g;
const REGION_LIKE = /\b(?:cn|ap|us|eu|me|sa|na)-[a-z0-9-]{3,30}/g;
const ADDRESS = /\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}/g;

export function resourceIds(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(CERTIFICATE_IDS)) {
    const id = match[1] ?? "";
    const start = match.index + match[0].length - id.length;
    const end = start + id.length;
    values.push({ kind: "resource-id", text: scan.original(start, end), role: "wanted", value: scan.original(start, end), target: "certificate" });
    scan.claim(start, end);
  }
  for (const match of scan.lower.matchAll(RESOURCE_ID)) {
    const start = match.index;
    const end = start + match[0].length;
    values.push({
      kind: "resource-id",
      text: scan.original(start, end),
      role: "wanted",
      value: scan.original(start, end),
      target: match[0].split("-")[0] ?? "",
    });
    scan.claim(start, end);
  }
  return values;
}

/** Region ids and zone ids (`cn-hangzhou`, `cn-hangzhou-h`); a city name ("杭州", "Singapore") when no id is given. */
export function placeValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(REGION_LIKE)) {
    const start = match.index;
    const token = match[0].replace(/-$/, "");
    const end = start + token.length;
    if (findRegion(token) === token) values.push({ kind: "region", text: scan.original(start, end), role: "wanted", value: token });
    else {
      const region = token.slice(0, -2);
      if (/-[a-z]$/.test(token) && findRegion(region) === region) values.push({ kind: "zone", text: scan.original(start, end), role: "wanted", value: token });
      else continue;
    }
    scan.claim(start, end);
  }
  if (!values.some((value) => value.kind === "region")) {
    const region = findRegion(scan.lower);
    if (region) values.push({ kind: "region", text: region, role: "wanted", value: region });
  }
  return values;
}

const SOURCE_CUES = ["from", "source", "whitelist", "allowlist", "allow", "only", "白名单", "来自", "来源", "允许", "访问", "仅", "只"];
const NETWORK_CUES = ["vpc", "vswitch", "v-switch", "subnet", "network", "交换机", "子网", "网段", "专有网络", "cidr", "address space"];

/** The role a CIDR's words give it: the cue closest before it wins; none, either role. */
function cidrRole(scan: Scanner, start: number, end: number): string | undefined {
  const before = scan.before(start, 48);
  // "开放80和443给 203.0.113.0/24", "open to 203.0.113.0/24": given to the range, so its source.
  if (GIVEN_TO.test(before)) return "source";
  let best: { at: number; role: string } | undefined;
  for (const [cues, role] of [
    [SOURCE_CUES, "source"],
    [NETWORK_CUES, "network"],
  ] as const) {
    for (const cue of cues) {
      const at = before.lastIndexOf(cue);
      if (at >= 0 && (best === undefined || at > best.at)) best = { at, role };
    }
  }
  // "from the app subnet 10.0.2.0/24": a network word after "from" names where traffic comes from.
  if (best?.role === "network" && FROM_NETWORK.test(before.slice(Math.max(0, best.at - 16), best.at))) return "source";
  // "/24s from 10.10.0.0/16", "从 10.30.0.0/16 划出 3 个 /24": the block subnets are cut from is the network's (read/source-rules.ts reads the same words).
  if (
    best?.role === "source" &&
    ((before.startsWith("from", best.at) && CARVED_BEFORE.test(before.slice(0, best.at))) || CARVED_AFTER.test(scan.lower.slice(end, end + 8)))
  )
    return "network";
  return best?.role;
}

/** "from the web servers' subnet ", "只允许 web 服务器的子网 ": a subnet of the request's own, named as the source of a rule. */
const SOURCE_SUBNET =
  /(?:from|来自|whitelist|allowlist|白名单|允许)[ ]{0,3}(?:(?:the|our|my)[ ]{1,3})?(?:[a-z'’-]{1,12}[ ]{1,3}){0,2}(?:[\u4e00-\u9fa5]{1,6})?(?:subnet|vswitch|v-switch|子网|交换机)[ ]{0,3}(?:网段[ ]{0,3})?$/;
/** "给 ", "open to " right before the range: the ports are opened to it. */
const GIVEN_TO = /(?:给|open to)[ ]{0,3}$/;

/** "from the ", "from our app ", "来自": a source word just before a network word. */
const FROM_NETWORK = /(?:from|来自|whitelist|allowlist|白名单)[ ]{0,3}(?:(?:the|our|my)[ ]{1,3})?(?:[a-z-]{1,8}[ ]{1,3})?$/;
/** "10.1.2.0/24 and office 198.51.100.0/24": a range listed right after another (a label between at most) has its role (source-rules.ts reads the same list). */
const LISTED_AFTER = /^[ ]{0,3}(?:,|，|、|and|和|及|或|or)[ ]{0,3}(?:(?!vpc|v-?switch|vsw|network|cidr|zone)[a-z'’-]{1,16}[ ]{1,3}){0,2}$/;

/** The most characters a list's gap may hold: the joiner and two label words. */
const LIST_REACH = 44;

export function cidrValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  let previousEnd = -1;
  for (const match of scan.lower.matchAll(ADDRESS)) {
    const start = match.index;
    if (isWordChar(scan.lower[start - 1]) || scan.lower[start - 1] === ".") continue;
    let end = start + match[0].length;
    const prefix = /^\/(\d{1,2})/.exec(scan.lower.slice(end, end + 3));
    if (prefix) end += prefix[0].length;
    const text = scan.original(start, end);
    if (match[0].split(".").some((octet) => Number(octet) > 255) || Number(prefix?.[1] ?? 32) > 32) continue;
    const previous = values[values.length - 1];
    const listed = previous !== undefined && previousEnd >= 0 && start - previousEnd <= LIST_REACH && LISTED_AFTER.test(scan.lower.slice(previousEnd, start));
    const role = listed ? previous.target : cidrRole(scan, start, end);
    previousEnd = end;
    values.push({ kind: "cidr", text, role: "wanted", value: prefix ? text : `${text}/32`, ...(role ? { target: role } : {}) });
    // "RDS only reachable from the web servers' subnet 10.0.1.0/24": the servers' own subnet, and the source the rule admits.
    if (role === "network" && !listed && SOURCE_SUBNET.test(scan.before(start, 48)))
      values.push({ kind: "cidr", text, role: "wanted", value: prefix ? text : `${text}/32`, target: "source" });
    scan.claim(start, end);
  }
  return values;
}
