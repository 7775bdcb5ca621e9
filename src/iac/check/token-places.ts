/**
 * Where a lexer token the value families did not read sits in the template (issue 27 item 1):
 * each token sort has its place — a file name in the website settings, a prefix on a lifecycle
 * rule, a product among the resources (or absent when asked away), an image in `ImageId`, a count
 * on its product, "each" as one per server — and a token with no place it can be looked for in is
 * unplaced: listed with its words, never vouched for.
 */
import { serverScopes } from "../read/server-scopes";
import { BASTION, type ServerRoles } from "../read/server-roles";
import type { Token } from "../read/token";
import { familyOfType } from "./families";
import { locate, resourceCount } from "./locate";
import type { RequestedValue, ValueKind } from "./requested-value";
import type { CheckedValue } from "./result";
import { holds, type TemplateRules } from "./template-rules";
import type { Slot, TemplateView } from "./template-slots";
import { icmpAsk, isIcmp } from "../read/icmp-rules";
import { inSoClause, isPurpose, servedBy } from "../read/purpose";
import { RESOURCE_KINDS } from "../kinds";
import { isCacheVersion } from "./cache-version";
import { type Disk, diskOf } from "./disk-of";
import {
  askedAway,
  bucketsOneByOne,
  countedFamily,
  isClauseEnd,
  MULTIPLIER_COUNT,
  productNear,
  productNearBefore,
  PROTOCOL_PORTS,
  protocolOfPort,
  replaced,
  typedCountOf,
} from "./token-context";

export interface PlaceContext {
  tokens: readonly Token[];
  view: TemplateView;
  rules: TemplateRules;
  /** The template before this turn (an edit's base). */
  before?: TemplateView;
  /** Servers counted by role ("a bastion + 2 app servers", "api (2 instances), worker (3 instances)"), read once per check. */
  roles?: ServerRoles;
  /** Redis is the request's only engine (cache-version.ts), read once per check: a bare "6.0" is its version. */
  onlyRedis?: boolean;
}

/** A token's outcome: found (with where), not expressed (with why), unplaced, or no value at all. */
export type Placement = { found: CheckedValue } | { missed: CheckedValue } | "unplaced" | "none";

const found = (kind: ValueKind, text: string, where: string): Placement => ({ found: { kind, text, where } });
const missed = (kind: ValueKind, text: string, reason: CheckedValue["reason"] = "missing", where?: string): Placement => ({
  missed: { kind, text, reason, ...(where ? { where } : {}) },
});

/** A value the families could have read, looked up by their own rules (locate.ts). */
function located(value: RequestedValue, view: TemplateView): Placement {
  const where = locate(view, value);
  if (value.role === "removed") return where ? missed(value.kind, value.text, "still-present", where) : found(value.kind, value.text, "removed");
  return where ? found(value.kind, value.text, where) : missed(value.kind, value.text);
}

const wanted = (kind: ValueKind, token: Token, value: string | number, extra: Partial<RequestedValue> = {}): RequestedValue => ({
  kind,
  text: token.text,
  role: "wanted",
  value,
  ...extra,
});

const ID_TARGETS: Readonly<Record<string, string>> = { vpc: "vpc", vswitch: "vsw", securityGroup: "sg", certificate: "certificate" };
/** Kinds an existing resource may stand in for: "in my VPC vpc-…" uses it by id, not by a new resource. */
const BY_ID = new Set(["vpc", "vswitch", "securityGroup", "ecs"]);
const ID_KEYS: Readonly<Record<string, RegExp>> = {
  vpc: /^(?:VpcId|vpc_id)$/,
  vswitch: /^(?:VSwitchId|vswitch_id)$/,
  securityGroup: /^(?:SecurityGroupIds?|security_groups?|security_group_id)$/,
  // "bind it to instance i-bp1…": an EIP bound to the user's server, held in a parameter (or variable) whose default is its id.
  // "internal SLB for my mysql boxes i-…": the user's servers as a load balancer's backends.
  ecs: /^(?:InstanceId|instance_id|ServerId|server_id)$/,
};

/** Words before a server noun that make it a source range's label ("only allow the app servers 10.0.2.0/24"). */
const SOURCE_WORDS = /^(?:allow|from|only|whitelist|allowlist)$/i;
/** How many tokens back a source word is looked for ("allow the app servers"): a bound. */
const LABEL_TOKENS_BACK = 4;

/** "only allow the app servers 10.0.2.0/24": servers named by their range, a source and not servers to build. */
function labelsRange(tokens: readonly Token[], index: number): boolean {
  if (tokens[index + 1]?.kind !== "cidr") return false;
  return tokens.slice(Math.max(0, index - LABEL_TOKENS_BACK), index).some((token) => token.kind === "word" && SOURCE_WORDS.test(token.text));
}

function slotWhere(view: TemplateView, test: (slot: TemplateView["slots"][number]) => boolean): string | undefined {
  const slot = view.slots.find(test);
  return slot ? `${slot.resource}.${slot.path}` : undefined;
}

/** How far back a negation's clause is read for its servers: a bound, so a long request stays linear. */
const CLAUSE_TOKENS_BACK = 16;

/** The servers of the clause a negation stands in are servers other than a bastion ("app servers have no public IP"). */
function othersAskedAway(tokens: readonly Token[], index: number): boolean {
  for (let back = index - 1; back >= Math.max(0, index - CLAUSE_TOKENS_BACK); back -= 1) {
    const token = tokens[back] as Token;
    if (token.kind === "punctuation" && /^[;；。.]$/.test(token.text)) return false;
    if (token.kind === "name" && token.of === "product" && token.value === "ecs") return !BASTION.test(token.text);
  }
  return false;
}

function placeProduct(context: PlaceContext, token: Token, index: number): Placement {
  const family = String(token.value);
  const count = resourceCount(context.view, family);
  const byId = BY_ID.has(family)
    ? slotWhere(
        context.view,
        (slot) => (ID_KEYS[family]?.test(slot.key) ?? false) && (family !== "ecs" || (slot.parameter !== undefined && /^i-/.test(String(slot.value)))),
      )
    : undefined;
  if (askedAway(context.tokens, index)) {
    const earlier = context.before ? resourceCount(context.before, family) : 0;
    // "两台 ECS 不要公网 IP，通过 NAT 出网": the servers go without; the NAT gateway's own EIP (its SNAT address) is no server's.
    // "a bastion + 2 app servers … app servers have no public IP": the bastion's own EIP is not theirs.
    const bastions = family === "eip" && othersAskedAway(context.tokens, index) ? (context.roles?.bastions ?? 0) : 0;
    const kept = family === "eip" ? Math.max(0, count - resourceCount(context.view, "nat") - bastions) : count;
    // "remove one of the servers": fewer than before; "no NAT", "remove the SLB": none.
    const one = context.tokens.slice(Math.max(0, index - 4), index).some((other) => other.kind === "count");
    const ok = one && earlier > 0 ? kept < earlier : kept === 0;
    return ok
      ? found("product", token.text, kept === 0 ? (count === 0 ? "absent" : "only the NAT gateway's") : `${kept} left of ${earlier}`)
      : missed("product", token.text, "still-present", `${kept} × ${family}`);
  }
  if (count > 0) return found("product", token.text, `${count} × ${family}`);
  if (byId) return found("product", token.text, byId);
  if (family === "ecs" && labelsRange(context.tokens, index)) return "none";
  // "22 from bastion sg-…": the bastion named by its group's id is a rule's source, not a server asked for.
  if (family === "ecs" && context.tokens[index + 1]?.kind === "resourceId" && context.tokens[index + 1]?.of === "securityGroup") return "none";
  // "A security group for web servers": the servers are what the group is for, not servers asked for.
  if (family === "ecs" && servedBy(context.tokens, index) === "securityGroup") return "none";
  // "a security group for a k8s node pool": what another product serves, when the engine builds no such thing (read/purpose.ts).
  if (!(RESOURCE_KINDS as readonly string[]).includes(family) && isPurpose(context.tokens, index)) return "none";
  // "… so private servers can reach the internet": what the rest is for, not a product asked for.
  if (inSoClause(context.tokens, index)) return "none";
  return missed("product", token.text);
}

const ENGINE_KEY = /^(?:Engine|engine)$/;

/** An ESSD performance level, as the lexer names it ("PL1"). */
const ESSD_LEVEL = /^PL[0-3]$/;
const LEVEL_KEY = /^(?:PerformanceLevel|performance_level|SystemDiskPerformanceLevel|system_disk_performance_level)$/;
const RDS_STORAGE_KEY = /^(?:DBInstanceStorageType|db_instance_storage_type)$/;
/** A database's storage types are its ESSD levels: `cloud_essd` is ESSD PL1, `cloud_essd2` PL2, `cloud_essd3` PL3. */
const RDS_ESSD_LEVELS: Readonly<Record<string, string>> = { cloud_essd: "PL1", cloud_essd2: "PL2", cloud_essd3: "PL3" };

/** The keys of a disk's level and category when the words say which disk ("system disk ESSD PL1", "data 1T cloud_essd"). */
const DISK_KEYS: Readonly<Record<Disk, { level: RegExp; category: RegExp }>> = {
  system: { level: /^(?:SystemDiskPerformanceLevel|system_disk_performance_level)$/, category: /^(?:SystemDiskCategory|system_disk_category)$/ },
  data: { level: /^(?:PerformanceLevel|performance_level)$/, category: /^(?:Category|category)$/ },
};
/** A server's data disk: a ROS `DiskMappings` entry, a Terraform `data_disks` block. */
const DATA_DISK_PATH = /(?:DiskMappings|data_disks)/;

/** "数据盘 ESSD PL1": a disk's `PerformanceLevel` (a server's, the one the words name) or the database's storage type of that level. */
function placeDiskLevel(view: TemplateView, token: Token, level: string, disk: Disk | undefined): Placement {
  const onDisk = (slot: Slot) =>
    disk === undefined ? LEVEL_KEY.test(slot.key) : DISK_KEYS[disk].level.test(slot.key) && (disk === "system" || DATA_DISK_PATH.test(slot.path));
  const where = slotWhere(
    view,
    (slot) =>
      (onDisk(slot) && String(slot.value) === level) || (disk !== "system" && RDS_STORAGE_KEY.test(slot.key) && RDS_ESSD_LEVELS[String(slot.value)] === level),
  );
  return where ? found("disk-level", token.text, where) : missed("disk-level", token.text);
}

/** "data 1T cloud_essd": a server's disk `Category` (the one the words name), a database's `DBInstanceStorageType` / `db_instance_storage_type`. */
function placeDiskCategory(view: TemplateView, token: Token, category: string, disk: Disk | undefined): Placement {
  const onDisk = (slot: Slot) =>
    disk === undefined
      ? /category|storage_?type/i.test(slot.key)
      : DISK_KEYS[disk].category.test(slot.key) && (disk === "system" || DATA_DISK_PATH.test(slot.path));
  const where = slotWhere(view, (slot) => onDisk(slot) && String(slot.value) === category);
  return where ? found("disk-category", token.text, where) : missed("disk-category", token.text);
}

function placeName(context: PlaceContext, token: Token, index: number): Placement {
  const { view } = context;
  const value = String(token.value);
  if (token.of === "product") return placeProduct(context, token, index);
  if (token.of === "engine") {
    if (askedAway(context.tokens, index)) {
      const still = slotWhere(view, (slot) => ENGINE_KEY.test(slot.key) && String(slot.value).toLowerCase() === value.toLowerCase());
      return still ? missed("engine", token.text, "still-present", still) : found("engine", token.text, "absent");
    }
    if (value === "Redis")
      return resourceCount(view, "redis") > 0 ? found("engine", token.text, `${resourceCount(view, "redis")} × redis`) : missed("engine", token.text);
    return located(wanted("engine", token, value), view);
  }
  // "make it private" on a template with a bucket speaks of that bucket.
  if (token.of === "acl" && !speaksOfBuckets(context.tokens) && resourceCount(view, "oss") === 0) return "none";
  if (token.of === "acl") return located(wanted("bucket-setting", token, `acl:${value}`), view);
  if (token.of === "image") return placeImage(view, token, context.tokens[index + 1]);
  if (token.of === "disk" && ESSD_LEVEL.test(value)) return placeDiskLevel(view, token, value, diskOf(context.tokens, index));
  if (token.of === "disk") return placeDiskCategory(view, token, value, diskOf(context.tokens, index));
  if (token.of === "protocol") return placeProtocol(context, token, index);
  return "unplaced";
}

/** The servers with a public address of their own: a public bandwidth above 0 (ROS `InternetMaxBandwidthOut`, Terraform `internet_max_bandwidth_out`). */
const PUBLIC_BANDWIDTH_KEY = /^(?:InternetMaxBandwidthOut|internet_max_bandwidth_out)$/;

function placeServerScope(view: TemplateView, token: Token, wanted: number): Placement {
  const servers = new Set(
    view.slots
      .filter((slot) => familyOfType(slot.type)?.id === "ecs" && PUBLIC_BANDWIDTH_KEY.test(slot.key) && Number(slot.value) > 0)
      .map((slot) => slot.resource),
  );
  const text = `one ${token.text}`;
  return servers.size === wanted
    ? found("public-servers", text, `${servers.size} of ${resourceCount(view, "ecs")} × ecs with a public IP`)
    : missed("public-servers", text, "missing", `${servers.size} × ecs with a public IP`);
}

/** Words an image's id or name carries in a template ("aliyun_3_x64…" for Alibaba Cloud Linux). */
const IMAGE_WORDS: Readonly<Record<string, readonly string[]>> = {
  "Alibaba Cloud Linux": ["aliyun", "alibaba cloud linux", "alinux"],
  "Windows Server": ["win"],
  "Rocky Linux": ["rocky"],
  "Anolis OS": ["anolis"],
};

/** The image, and its version when one follows ("Ubuntu 22.04": "ubuntu_22_04…"), in an `ImageId` (or its parameter's default). */
function placeImage(view: TemplateView, token: Token, version: Token | undefined): Placement {
  const value = String(token.value);
  const words = IMAGE_WORDS[value] ?? [value.toLowerCase()];
  const versions = version?.kind === "version" ? [String(version.value).replaceAll(".", "_"), String(version.value)] : [""];
  const text = version?.kind === "version" ? `${token.text} ${version.text}` : token.text;
  const where = slotWhere(view, (slot) => {
    const id = String(slot.value).toLowerCase();
    // Terraform picks the image by its data source's `name_regex` ("^ubuntu_24_04_x64_20G_alibase_").
    return (
      /^(?:ImageId|image_id|ImageFamily|name_regex)$/.test(slot.key) && words.some((word) => id.includes(word)) && versions.some((part) => id.includes(part))
    );
  });
  return where ? found("image", text, where) : missed("image", text);
}

/**
 * "ICMP from anywhere", "allow ping from 10.0.0.0/8": an ICMP rule from each source its clause
 * writes (any ICMP rule when none is written); "no ping" is met by none. Never skipped for a port
 * that follows ("ICMP from anywhere, 22 from …": the 22 is another clause's).
 */
function placeIcmp(context: PlaceContext, token: Token, index: number): Placement {
  const ask = icmpAsk(context.tokens, index);
  const icmp = context.rules.ingress.filter((rule) => rule.protocol === "icmp" || rule.protocol === "all");
  if (ask.refused) return icmp[0] ? missed("protocol", token.text, "still-present", icmp[0].where) : found("protocol", token.text, "absent");
  const text = ask.sources.length > 0 ? `${token.text} from ${ask.sources.join(", ")}` : token.text;
  const unmet = ask.sources.filter((source) => !icmp.some((rule) => rule.source === source));
  if (icmp.length === 0) return missed("protocol", text);
  if (unmet.length > 0) return missed("protocol", text, "misplaced", `${icmp[0]?.where} is from ${icmp[0]?.source}`);
  return found("protocol", text, icmp[0]?.where ?? "");
}

/** Words that make a protocol a listener's: "the listener", "监听". */
const LISTENER_WORDS = new Set(["listener", "listeners", "监听", "监听器"]);
/** How far from the protocol word the listener's may stand ("make the listener https", "把 80 监听改成 HTTPS"). */
const LISTENER_REACH = 4;

function saysListener(tokens: readonly Token[], index: number): boolean {
  for (let at = Math.max(0, index - LISTENER_REACH); at <= index + LISTENER_REACH; at += 1)
    if (LISTENER_WORDS.has(String(tokens[at]?.value ?? ""))) return true;
  return false;
}

function placeProtocol(context: PlaceContext, token: Token, index: number): Placement {
  const { rules } = context;
  const value = String(token.value);
  if (isIcmp(token)) return placeIcmp(context, token, index);
  // "CORS for https://app.example.com": a URL's scheme; the origin (scheme and host) must be in the template as written.
  if (context.tokens[index + 1]?.value === ":" && context.tokens[index + 2]?.value === "/" && context.tokens[index + 3]?.value === "/") {
    const host = context.tokens[index + 4];
    const origin = `${value}://${String(host?.text ?? "").toLowerCase()}`;
    const where = slotWhere(context.view, (slot) => String(slot.value).toLowerCase() === origin);
    return where ? found("url-path", origin, where) : missed("url-path", origin);
  }
  // "443 (TCP)", "22/tcp", "HTTPS 443": bound to its port, checked with the port (bindings.ts).
  const previous = context.tokens[index - 2];
  if (previous?.kind === "port" && protocolOfPort(context.tokens, index - 2) === value) return "none";
  // "HTTPS 443", "the HTTPS port to 8443": the port that follows is the protocol's, and is checked itself.
  if (context.tokens.slice(index + 1, index + 5).some((other) => other.kind === "port")) return "none";
  const port = PROTOCOL_PORTS[value];
  if (port !== undefined) {
    // "SSH from 10.0.0.0/8": the rule of that source, not the first that opens the port (the engine's own SSH-from-the-VPC rule).
    // "make the listener https" (its port is 80): said of a listener, the protocol is the listener's, whatever its port.
    const ofListener = saysListener(context.tokens, index) ? rules.listeners.find((listener) => listener.protocol === value) : undefined;
    const rule =
      ofListener ??
      ruleOfSourceAfter(context, index, port) ??
      rules.ingress.find((candidate) => candidate.low <= port && port <= candidate.high) ??
      rules.listeners.find((listener) => listener.front === port);
    if (askedAway(context.tokens, index)) return rule ? missed("protocol", token.text, "still-present", rule.where) : found("protocol", token.text, "absent");
    return rule ? found("protocol", token.text, rule.where) : missed("protocol", token.text);
  }
  const rule = rules.listeners.find((listener) => listener.protocol === value) ?? rules.ingress.find((candidate) => candidate.protocol === value);
  return rule ? found("protocol", token.text, rule.where) : "unplaced";
}

const DAYS_PER = { year: 365, month: 30 } as const;
/** "/24", "/16": a network's prefix length written alone, not a path. */
const PREFIX_LENGTH = /^\/(?:[89]|[12]\d|3[0-2])s?$/;
const ZONE_WORDS = new Set(["zone", "zones", "可用区", "azs", "az"]);
const ZONE_FILLERS = new Set(["availability", "different", "separate", "个"]);

/** "2x zones", "across two availability zones", "2个可用区": a count of zones (the vSwitches' zones). */
function countsZones(tokens: readonly Token[], index: number): boolean {
  for (let ahead = index + 1; ahead <= index + 3; ahead += 1) {
    const word = String(tokens[ahead]?.value ?? "");
    if (ZONE_WORDS.has(word)) return true;
    if (!ZONE_FILLERS.has(word)) return false;
  }
  return false;
}

/** "different AZs", "separate zones", "its own AZ", "不同可用区": every server in a zone of its own; "multiple AZs": at least two zones. */
const SPREAD_WORDS = new Set(["different", "separate", "distinct", "multiple", "own", "不同"]);
/** The most zones "in different zones" can ask of a region (it offers a handful; read/generation-request.ts builds at most as many). */
const MOST_SPREAD_ZONES = 4;

const ZONE_KEY = /^(?:ZoneId|zone_id|availability_zone)$/;
const VSWITCH_KEY = /^(?:VSwitchId|vswitch_id)$/;

/**
 * How many zones the servers stand in. A server is where its vSwitch is: the zone of the vSwitch it
 * names (ROS `Ref`, Terraform `alicloud_vswitch.x.id`), else its own zone, else the vSwitch parameter
 * it takes; a server placed by none of them counts as one zone. One pass over the slots and refs.
 */
const zonesOfView = new WeakMap<TemplateView, number>();

function serverZones(view: TemplateView): number {
  const known = zonesOfView.get(view);
  if (known !== undefined) return known;
  const zones = countServerZones(view);
  zonesOfView.set(view, zones);
  return zones;
}

function countServerZones(view: TemplateView): number {
  const zoneOf = new Map<string, string>();
  const ownZone = new Map<string, string>();
  const ownSwitch = new Map<string, string>();
  for (const slot of view.slots) {
    const family = familyOfType(slot.type)?.id;
    const where = slot.parameter ?? String(slot.value);
    if (family === "vswitch" && ZONE_KEY.test(slot.key)) zoneOf.set(slot.resource, where);
    if (family === "ecs" && ZONE_KEY.test(slot.key)) ownZone.set(slot.resource, where);
    if (family === "ecs" && VSWITCH_KEY.test(slot.key)) ownSwitch.set(slot.resource, where);
  }
  const placements = new Map<string, string>();
  for (const ref of view.refs ?? []) {
    if (!VSWITCH_KEY.test(ref.key)) continue;
    const zone = zoneOf.get(ref.target);
    placements.set(ref.resource, zone === undefined ? `vswitch:${ref.target}` : `zone:${zone}`);
  }
  for (const [server, zone] of ownZone) if (!placements.has(server)) placements.set(server, `zone:${zone}`);
  for (const [server, vswitch] of ownSwitch) if (!placements.has(server)) placements.set(server, `vswitch:${vswitch}`);
  return Math.max(new Set(placements.values()).size, 1);
}

function placeSpread(context: PlaceContext, token: Token, index: number): Placement {
  if (!SPREAD_WORDS.has(String(token.value))) return "none";
  const gap = ZONE_FILLERS.has(String(context.tokens[index + 1]?.value)) || context.tokens[index + 1]?.value === "的" ? 2 : 1;
  const zoneWord = context.tokens[index + gap];
  if (!zoneWord || !ZONE_WORDS.has(String(zoneWord.value))) return "none";
  const servers = resourceCount(context.view, "ecs");
  const zones = servers > 0 ? serverZones(context.view) : resourceCount(context.view, "vswitch");
  const needed = token.value === "multiple" ? 2 : Math.min(Math.max(servers, 2), MOST_SPREAD_ZONES);
  const text = context.tokens
    .slice(index, index + gap + 1)
    .map((word) => word.text)
    .join(token.value === "不同" ? "" : " ");
  return zones >= needed ? found("zone-spread", text, `${servers} × ecs over ${zones} zones`) : missed("zone-spread", text, "missing", `${zones} zone(s)`);
}

/** HTTP methods written in capitals ("CORS GET/PUT from …"): a bucket's CORS rule must allow each. */
const CORS_METHODS = new Set(["GET", "PUT", "POST", "DELETE", "HEAD"]);
const METHOD_KEY = /^(?:AllowedMethod|allowed_methods)$/;

/** Whether the request speaks of CORS, per token list (read once: a request of many method words stays linear). */
const corsTalk = new WeakMap<readonly Token[], boolean>();

function placeCorsMethod(context: PlaceContext, token: Token): Placement {
  let speaks = corsTalk.get(context.tokens);
  if (speaks === undefined) {
    speaks = context.tokens.some((other) => other.value === "cors" || other.value === "跨域");
    corsTalk.set(context.tokens, speaks);
  }
  if (!speaks) return "none";
  const where = slotWhere(context.view, (slot) => METHOD_KEY.test(slot.key) && slot.value === token.text);
  return where ? found("setting", token.text, where) : missed("setting", token.text);
}

const BUCKET_WORDS = new Set(["bucket", "buckets", "acl", "存储桶", "读写权限", "权限"]);
/** Whether the request speaks of a bucket at all, per token list (read once: a request of many ACL-like words stays linear). */
const bucketTalk = new WeakMap<readonly Token[], boolean>();

/** "a private subnet" names no ACL: an ACL word is an ACL only in a request that speaks of a bucket (bucket-values.ts reads it the same way). */
function speaksOfBuckets(tokens: readonly Token[]): boolean {
  let known = bucketTalk.get(tokens);
  if (known === undefined) {
    known = tokens.some((token) => (token.kind === "name" && token.of === "product" && token.value === "oss") || BUCKET_WORDS.has(String(token.value)));
    bucketTalk.set(tokens, known);
  }
  return known;
}

/** How many words may sit between a port and its source ("22 from 1.2.3.4", "22 only from the office 1.2.3.4"). */
const SOURCE_REACH = 4;
const PORT_KEY = /^(?:PortRange|port_range)$/;

/** The ingress rule opening `port` to the source range written right after the token at `index` ("SSH from 10.0.0.0/8"). */
function ruleOfSourceAfter(context: PlaceContext, index: number, port: number): TemplateRules["ingress"][number] | undefined {
  for (let ahead = 1; ahead <= SOURCE_REACH; ahead += 1) {
    const token = context.tokens[index + ahead];
    if (!token || isClauseEnd(token)) return undefined;
    if (token.kind === "cidr" || token.kind === "address") {
      const range = String(token.value);
      return context.rules.ingress.find((candidate) => holds(candidate, port) && (candidate.source === range || candidate.source === `${range}/32`));
    }
    if (token.kind !== "word") return undefined;
  }
  return undefined;
}

/**
 * "SSH 22 from 1.2.3.4": a port written right before its source is placed on the rule of that source,
 * not on the first rule that opens the port (the engine's own "SSH from inside the VPC"), so the
 * report says where the request's rule is. Bounded look-ahead: linear.
 */
export function portOnItsSourceRule(context: PlaceContext, index: number, port: number): string | undefined {
  const rule = ruleOfSourceAfter(context, index, port);
  const slot = rule ? [...rule.fields.values()].find((field) => PORT_KEY.test(field.key)) : undefined;
  return slot ? `${slot.resource}.${slot.path}` : undefined;
}

/** A quantifier ("每", "each", "per") just before a count, or right after its noun ("two data disks each"): the count is per server. */
function perServerBefore(tokens: readonly Token[], index: number): boolean {
  for (let back = 1; back <= 3; back += 1) {
    const token = tokens[index - back];
    if (!token || isClauseEnd(token)) break;
    if (token.kind === "quantifier") return true;
  }
  for (let ahead = 1; ahead <= 5; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token || isClauseEnd(token)) return false;
    if (token.kind === "quantifier") return true;
  }
  return false;
}

/** Words right after a count that name a load balancer's listeners ("an SLB with 2 listeners", "两个监听"). */
const LISTENER_NOUNS = new Set(["listener", "listeners", "监听"]);
const LISTENER_TYPES = new Set(["ALIYUN::SLB::Listener", "alicloud_slb_listener"]);
/** The most listeners a count before "listeners" is read as; a larger number there is a port ("443 监听"). */
const MOST_LISTENERS_SAID = 19;

/** "an SLB with 2 listeners: TCP 3306 -> 3306 and UDP 53 -> 53": how many listeners the template has. */
function placeListenerCount(context: PlaceContext, token: Token, index: number): Placement | undefined {
  // "443 监听" is a listener's port: a count of listeners is small ("2 listeners", "两个监听").
  if (!LISTENER_NOUNS.has(String(context.tokens[index + 1]?.value)) || Number(token.value) > MOST_LISTENERS_SAID) return undefined;
  const count = context.view.resources.filter((resource) => LISTENER_TYPES.has(resource.type)).length;
  return count === Number(token.value) ? found("count", token.text, `${count} × listener`) : missed("count", token.text, "missing", `${count} × listener`);
}

/** "RDS with 2 databases: app_db and report_db": the databases inside the instance (`DBMappings`, Terraform `alicloud_db_database`). */
function placeSchemaCount(context: PlaceContext, token: Token, index: number): Placement | undefined {
  const noun = context.tokens[index + 1];
  const after = context.tokens[index + 2];
  const named = after !== undefined && (after.value === ":" || after.value === "named" || after.value === "called");
  // "两个库 app_db、report_db": the Chinese noun, then the first name.
  const chinese = noun !== undefined && /^(?:库|数据库)$/.test(noun.text) && after?.kind === "word" && /^[a-z]/i.test(after.text);
  const english = noun?.kind === "name" && noun.value === "rds" && /^(?:databases|dbs|schemas)$/i.test(noun.text) && named;
  if (!english && !chinese) return undefined;
  const count =
    context.view.slots.filter((slot) => slot.key === "DBName").length +
    context.view.resources.filter((resource) => resource.type === "alicloud_db_database").length;
  return count === Number(token.value)
    ? found("count", token.text, `${count} × database in the instance`)
    : missed("count", token.text, "missing", `${count} × database in the instance`);
}

/** How far back the total of a disk list may be counted ("2 data disks: one 100GB …"). */
const DISK_TOTAL_REACH = 6;

/** Whether a count of data disks stands a few tokens before, in the same sentence: the list's total. */
function diskTotalBefore(tokens: readonly Token[], index: number): boolean {
  for (let back = 1; back <= DISK_TOTAL_REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || isClauseEnd(token)) return false;
    // "2 data disks", "两块数据盘": the lexer reads the number as a count, or as a number before the words "data disks".
    const noun = `${tokens[index - back + 1]?.text ?? ""} ${tokens[index - back + 2]?.text ?? ""}`;
    if ((token.kind === "count" || token.kind === "number") && /disk|盘/i.test(noun)) return true;
  }
  return false;
}

function placeCount(context: PlaceContext, token: Token, index: number): Placement {
  const listeners = placeListenerCount(context, token, index) ?? placeSchemaCount(context, token, index);
  if (listeners) return listeners;
  const previous = context.tokens[index - 1];
  // "api x2", "worker ×1": a multiplier after a role, not a product, counts servers of that role (summed in accounting.ts).
  if (MULTIPLIER_COUNT.test(token.text) && previous?.kind === "word") return "unplaced";
  const family = countedFamily(context.tokens, index);
  if (family && family !== "ecs" && perServerBefore(context.tokens, index)) {
    // "每台挂两块数据盘", "two data disks each": N for every server.
    const servers = resourceCount(context.view, "ecs");
    const count = resourceCount(context.view, family);
    const wantedCount = Number(token.value);
    return count === wantedCount * servers || count === wantedCount
      ? found("count", token.text, `${count} × ${family} (${wantedCount} per server)`)
      : missed("count", token.text, "missing", `${count} × ${family} for ${servers} × ecs`);
  }
  const roles = context.roles;
  if (family === "ecs" && roles && resourceCount(context.view, "ecs") === roles.bastions + roles.others && roles.groups.includes(Number(token.value)))
    return found(
      "count",
      token.text,
      `${roles.bastions + roles.others} × ecs (${roles.groups.join(" + ")} by role${roles.bastions > 0 ? `, ${roles.bastions} bastion` : ""})`,
    );
  // "2 data disks: one 100GB and another 500GB": "one" of a list the count before it totals is a part of it.
  if (family === "disk" && context.tokens[index + 1]?.kind === "size" && diskTotalBefore(context.tokens, index)) return "none";
  // "one bucket for logs … and one for assets …": each "one" is a part of the buckets introduced one by one.
  const oneByOne = family === "oss" ? bucketsOneByOne(context.tokens) : undefined;
  if (oneByOne && oneByOne.starts.includes(token.start)) {
    const buckets = resourceCount(context.view, "oss");
    return buckets >= oneByOne.starts.length ? found("count", token.text, `${buckets} × oss`) : missed("count", token.text, "missing", `${buckets} × oss`);
  }
  if (family) return located(wanted("count", token, Number(token.value), { target: family }), context.view);
  if (countsZones(context.tokens, index)) return located(wanted("count", token, Number(token.value), { target: "zone" }), context.view);
  // "写一个 Helm chart", "one more thing": one of nothing the check knows is an article, not a count.
  if (token.value === 1) return "none";
  return "unplaced";
}

/** "an EIP each", "每台一个 EIP": as many of the product as there are servers. */
function placeEach(context: PlaceContext, index: number): Placement {
  const after = productNear(context.tokens, index, true);
  // "每个交换机两台", "each zone gets 2": the quantifier ranges over vSwitches or zones; the count after it is per zone (count-values.ts).
  // "a /20 vswitch in each of 2 zones": "of" and a count may stand between the quantifier and the zones.
  if (after === "vswitch" || context.tokens.slice(index + 1, index + 4).some((token) => ZONE_WORDS.has(String(token.value)))) return "none";
  const product = [after, productNearBefore(context.tokens, index)].find((family) => family !== undefined && family !== "ecs");
  if (!product) return "none";
  const servers = resourceCount(context.view, "ecs");
  const count = resourceCount(context.view, product);
  const text = context.tokens
    .slice(Math.max(0, index - 2), index + 3)
    .map((other) => other.text)
    .join(" ");
  return servers > 0 && count >= servers ? found("per-server", text, `${count} × ${product} for ${servers} × ecs`) : missed("per-server", text);
}

function placeFile(view: TemplateView, token: Token): Placement {
  const name = String(token.value);
  const where = slotWhere(view, (slot) => typeof slot.value === "string" && slot.value.toLowerCase() === name);
  return where ? found("file-name", token.text, where) : missed("file-name", token.text);
}

function placePrefix(context: PlaceContext, token: Token): Placement {
  const prefix = String(token.value);
  const rule = context.rules.lifecycle.find((candidate) => candidate.prefix.toLowerCase() === prefix || `${candidate.prefix.toLowerCase()}/` === prefix);
  return rule ? found("path-prefix", token.text, rule.where) : missed("path-prefix", token.text);
}

function placeNumber(view: TemplateView, token: Token): Placement {
  // "upgrade to 8.0": a decimal is matched as written ("8.0", not 8).
  const where = slotWhere(
    view,
    (slot) => slot.value === token.value || (typeof slot.value === "string" && (slot.value === String(token.value) || slot.value === token.text)),
  );
  return where ? found("number", token.text, where) : "unplaced";
}

/** "8080 only from the bastion", "8080 from the jump box": the port's source is the bastion. */
function fromBastionAfter(tokens: readonly Token[], index: number): boolean {
  let at = index + 1;
  if (/^(?:only|仅|只)$/.test(String(tokens[at]?.value))) at += 1;
  if (tokens[at]?.value !== "from") return false;
  const source = tokens[at + 1]?.value === "the" ? tokens[at + 2] : tokens[at + 1];
  return source?.kind === "name" && source.of === "product" && source.value === "ecs" && BASTION.test(source.text);
}

/** The placement of a token no value family read. */
export function placeToken(context: PlaceContext, index: number): Placement {
  const token = context.tokens[index] as Token;
  const { view } = context;
  // "one public with 10Mbps, one private": as many servers with a public address as picked public.
  const scopes = token.kind === "name" || token.kind === "word" ? serverScopes(context.tokens) : undefined;
  if (scopes?.picks.has(index)) return placeServerScope(view, token, scopes.publicCount);
  const away = askedAway(context.tokens, index);
  switch (token.kind) {
    case "name":
      return placeName(context, token, index);
    case "urlPath": {
      // "3 vsw (/24 each)": a prefix length, on the network's blocks.
      if (PREFIX_LENGTH.test(token.text)) {
        // "/24s from 10.10.0.0/16": the plural is the same length.
        const prefix = token.text.replace(/s$/, "");
        const where = slotWhere(view, (slot) => /^(?:CidrBlock|cidr_block)$/.test(slot.key) && String(slot.value).endsWith(prefix));
        return where ? found("cidr", token.text, where) : missed("cidr", token.text);
      }
      // "health check on /healthz": the path a listener probes (or any property carrying it as written).
      const where = slotWhere(view, (slot) => typeof slot.value === "string" && slot.value === String(token.value));
      return where ? found("url-path", token.text, where) : missed("url-path", token.text);
    }
    case "port": {
      // "8080 only from the bastion": the port's rule admits a group (the bastion's), never a range.
      if (fromBastionAfter(context.tokens, index)) {
        const port = Number(token.value);
        const rule = context.rules.ingress.find((candidate) => candidate.low <= port && port <= candidate.high && candidate.source === undefined);
        return rule ? found("port", token.text, rule.where) : missed("port", token.text);
      }
      const removed = away || replaced(context.tokens, index);
      const bound = removed ? undefined : portOnItsSourceRule(context, index, Number(token.value));
      return bound ? found("port", token.text, bound) : located(wanted("port", token, Number(token.value), removed ? { role: "removed" } : {}), view);
    }
    case "portRange":
    case "range":
      return located(wanted("port-range", token, Number(token.value), { second: token.second ?? Number(token.value) }), view);
    case "cidr":
    case "address":
      return located(wanted("cidr", token, token.kind === "address" ? `${token.value}/32` : String(token.value)), view);
    case "size":
      return located(wanted("size", token, Number(token.value)), view);
    case "bandwidth":
      return located(wanted("bandwidth", token, Number(token.value)), view);
    case "duration":
      // "after 1 year", "6 months": the days a lifecycle counts (read/request-text.ts: a year 365, a month 30).
      if (token.unit === "day") return located(wanted("days", token, Number(token.value)), view);
      if (token.unit === "year" || token.unit === "month") return located(wanted("days", token, Number(token.value) * DAYS_PER[token.unit]), view);
      return "unplaced";
    case "version":
      // "Ubuntu 22.04": the image's version, placed with the image.
      if (context.tokens[index - 1]?.of === "image") return "none";
      return located(wanted("engine-version", token, String(token.value), { target: engineBefore(context.tokens, index) ?? "" }), view);
    case "resourceId": {
      const target = ID_TARGETS[token.of ?? ""];
      if (target) return located(wanted("resource-id", token, String(token.value), { target }), view);
      const where = slotWhere(view, (slot) => slot.value === token.value);
      return where ? found("resource-id", token.text, where) : missed("resource-id", token.text);
    }
    case "instanceType":
      return located(wanted("instance-type", token, String(token.value)), view);
    case "region":
      return located(wanted("region", token, String(token.value)), view);
    case "zone":
      return located(wanted("zone", token, String(token.value)), view);
    case "fileName":
      return placeFile(view, token);
    case "pathPrefix":
      return placePrefix(context, token);
    case "count":
      return placeCount(context, token, index);
    case "quantifier":
      return placeEach(context, index);
    case "number":
      // "把443改成8443": the old port must be gone.
      if (replaced(context.tokens, index) && Number(token.value) >= 1 && Number(token.value) <= 65535)
        return located(wanted("port", token, Number(token.value), { role: "removed" }), view);
      // "Redis 4GB, 6.0": with Redis the only engine, a bare release is the cache's version.
      if (isCacheVersion(token, context.onlyRedis === true)) return located(wanted("engine-version", token, token.text, { target: "Redis" }), view);
      {
        const listeners = placeListenerCount(context, token, index) ?? placeSchemaCount(context, token, index);
        if (listeners) return listeners;
        // "make the servers 3": a bare number after the noun a setting verb names is its count.
        const set = setCountOf(context.tokens, index);
        if (set) return located(wanted("count", token, Number(token.value), { target: set }), view);
        // "actually 3 of them": a count of the servers the edit speaks of (template-edit.ts reads the same form).
        if (/^of$/i.test(context.tokens[index + 1]?.text ?? "") && /^(?:them|those|these)$/i.test(context.tokens[index + 2]?.text ?? ""))
          return located(wanted("count", token, Number(token.value), { target: "ecs" }), view);
        const typed = typedCountOf(context.tokens, index);
        if (typed) return located(wanted("count", token, Number(token.value), { target: typed }), view);
        // "just 1 Redis 7.0", "2 MySQL": a number right before an engine counts that engine's databases.
        const engine = context.tokens[index + 1];
        if (engine?.kind === "name" && engine.of === "engine" && Number.isInteger(token.value) && Number(token.value) <= MOST_ENGINE_COUNT)
          return located(wanted("count", token, Number(token.value), { target: engine.value === "Redis" ? "redis" : "rds" }), view);
      }
      return placeNumber(view, token);
    case "compute":
      return "unplaced";
    case "word":
      return CORS_METHODS.has(token.text) ? placeCorsMethod(context, token) : placeSpread(context, token, index);
    default:
      return "none";
  }
}

/** The most databases a count before an engine's name is read as ("2 MySQL"); a larger number is something else. */
const MOST_ENGINE_COUNT = 20;

const SET_VERBS = new Set(["make", "set", "scale", "resize", "bump", "increase", "raise", "grow", "reduce", "change", "take"]);
/** How far back a setting verb may sit ("make the web servers 3"). */
const SET_VERB_REACH = 4;

/** The product a bare number counts in "make the servers 3", "scale the ECS 4", "bump the web nodes to 6" (read/generation-request.ts reads the same form). */
export function setCountOf(tokens: readonly Token[], index: number): string | undefined {
  // "bump the web nodes to 6": "to" may stand between the noun and its number.
  const gap = tokens[index - 1]?.value === "to" ? 1 : 0;
  const noun = tokens[index - 1 - gap];
  if (noun?.kind !== "name" || noun.of !== "product") return undefined;
  for (let back = 2 + gap; back <= SET_VERB_REACH + 1 + gap; back += 1) {
    const token = tokens[index - back];
    if (!token || isClauseEnd(token)) return undefined;
    if (SET_VERBS.has(String(token.value))) return String(noun.value);
  }
  return undefined;
}

function engineBefore(tokens: readonly Token[], index: number): string | undefined {
  for (let back = 1; back <= 4; back += 1) {
    const token = tokens[index - back];
    if (token?.kind === "name" && token.of === "engine") return String(token.value);
  }
  return undefined;
}

/** Whether the template has any resource of the kind a type belongs to (for the scope checks). */
export const hasFamily = (view: TemplateView, family: string) => view.resources.some((resource) => familyOfType(resource.type)?.id === family);
