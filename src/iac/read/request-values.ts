/**
 * The values a request states for the resources it asks for. Each kind's value grammar is in its
 * own file (`readValues` in kinds/<kind>/index.ts: instance types, images, disks, engine versions,
 * storage and classes, bucket settings, existing VPC and vSwitch ids, source ranges, bandwidth);
 * this file runs them in registry order and reads what belongs to no one kind: zones, public
 * access, and the features the engine does not build.
 *
 * A value of a recognised shape that the offline engine cannot express is collected in `unsupported`
 * so the reply names it instead of dropping it silently.
 */
import { serverScopes } from "./server-scopes";
import { isPurpose } from "./purpose";
import { KINDS, RESOURCE_KINDS } from "../kinds";
import type { ValueReading } from "../kinds/kind";
import type { RequestedValues } from "../kinds/values";
import { phrase, type Phrase } from "./request-language";
import { sizeForKind } from "./request-sizes";
import { readableText } from "./request-text";
import { findRegion } from "./regions";
import { namedZones, zoneLetters } from "./zone-letters";
import { BASTION, bastionInstanceType, otherServerType, serverName, serverRoles } from "./server-roles";
import { ICMP_WORDS, icmpSources } from "./icmp-rules";
import { asksNoInternetAccess } from "./no-internet";
import { tokenize } from "../kinds/vocabulary";
import { OWN_PUBLIC_IP } from "../kinds/eip";
import { burstableTypeForSize, instanceTypeForSize } from "../kinds/ecs";
import { groupSizes, type RoleSize, roleSizes } from "./role-sizes";
import { CERTIFICATE_ID } from "./certificate-id";
import type { Token } from "./token";
import { storageScalingSpans } from "../kinds/rds/storage-autoscale";
import { DATABASE_SSL, SPOT, SUBSCRIPTION, TAGS, TDE } from "../kinds/not-built-settings";

/** A shared lower-case pattern (kinds/not-built-settings.ts) for the request as written. */
const caseless = (pattern: RegExp) => new RegExp(pattern.source, "i");

export type { DiskValue, RequestedValues } from "../kinds/values";
export { type SourceRanges, sourceRangesOf } from "../kinds/security-group";

/** "auto scaling", "a scaling group": ESS, named as not built; "storage autoscale up to 1000GB" is the database's own (kinds/rds/storage-autoscale.ts). */
const ESS = /auto[- ]?scal|scaling group|\bess\b|弹性伸缩/gi;
const ESS_LABEL = phrase("auto scaling (ESS)", "弹性伸缩（ESS）");

/** Whether the request asks for ESS: an ESS word outside every span of storage autoscaling. */
function asksForEss(text: string): boolean {
  // Both readings start at the "auto" of "autoscale": one lookup per ESS word.
  const storage = new Set(storageScalingSpans(text).map((span) => span.start));
  for (const match of text.matchAll(ESS)) if (!storage.has(match.index)) return true;
  return false;
}

/** Things people ask for that the offline engine does not build; named in the reply, never dropped silently. */
export const UNSUPPORTED_FEATURES: readonly [RegExp, Phrase][] = [
  [/read[- ]?(?:only )?replica|\bread[- ]?only (?:db |database |rds )?instances?\b|只读实例/i, phrase("read-only database replicas", "数据库只读实例")],
  [caseless(SUBSCRIPTION), phrase("subscription (prepaid) billing: the template uses pay-as-you-go", "包年包月计费（模板使用按量付费）")],
  [caseless(SPOT), phrase("spot (preemptible) instances", "抢占式实例")],
  [/\bcdn\b/i, phrase("a CDN domain", "CDN 加速域名")],
  [/\bkafka\b/i, phrase("Kafka", "Kafka 消息队列")],
  [/mongo/i, phrase("MongoDB", "MongoDB")],
  [/polardb/i, phrase("PolarDB (an RDS database can be built instead: ask for RDS)", "PolarDB（可改用 RDS 数据库：请说明要 RDS）")],
  [
    /\balb\b|application load balancer|应用型负载均衡/i,
    phrase("an ALB (Application Load Balancer; an SLB can be built instead: ask for an SLB)", "应用型负载均衡 ALB（可改用 SLB：请说明要 SLB）"),
  ],
  [
    /\bnlb\b|network load balancer|网络型负载均衡/i,
    phrase("an NLB (Network Load Balancer; an SLB can be built instead: ask for an SLB)", "网络型负载均衡 NLB（可改用 SLB：请说明要 SLB）"),
  ],
  // "k8s-free", "no k8s", "without Kubernetes" ask for none.
  [
    /(?<!\b(?:no|without|not|non)[- ]{1,3})(?:\back\b|kubernetes|\bk8s\b)(?![- ]?(?:free|less)\b)|容器服务/i,
    phrase("a Kubernetes (ACK) cluster", "Kubernetes（ACK）集群"),
  ],
  [/function compute|\bfc\b|函数计算/i, phrase("Function Compute", "函数计算")],
  [/\bwaf\b|web application firewall/i, phrase("WAF", "Web 应用防火墙")],
  [/\bdns\b|domain name|域名解析/i, phrase("DNS records", "DNS 解析记录")],
  [caseless(TAGS), phrase("tags", "标签")],
  [/(?<!\bno |without )\bipv6\b/i, phrase("IPv6 (the VPC, vSwitches and servers are IPv4 only)", "IPv6（VPC、交换机和服务器只用 IPv4）")],
  [
    /(?:redis|tair)[^,;，。；\n]{0,24}(?:cluster|集群版)|集群版\s{0,2}(?:redis|tair)|\bcluster (?:edition|mode)\b/i,
    phrase("a Redis cluster edition (a standard master-replica instance is built)", "Redis 集群版（生成的是标准版主从实例）"),
  ],
  // "NAT gateway with DNAT: forward public port 2222 to 10.0.1.5:22": a forward entry the offline engine does not build (only SNAT).
  [
    /\bdnat\b|\bport[- ]forward(?:ing|s)?\b|\bforward(?:ing)?\s{1,3}(?:the\s{1,3})?(?:public|external)\s{1,3}port\b|端口映射|端口转发/i,
    phrase("DNAT port forwarding on the NAT gateway (only SNAT is built)", "NAT 网关的 DNAT 端口映射（只生成 SNAT）"),
  ],
  [
    /\b(?:nics?|enis?|network interfaces?)\b|弹性网卡|网卡/i,
    phrase("more network interfaces (ENIs): each server has its primary one", "更多弹性网卡（ENI）：每台服务器只有主网卡"),
  ],
  [/\bsession\s{1,3}(?:persistence|stickiness)\b|\bsticky\s{1,3}sessions?\b|会话保持/i, phrase("session persistence on the listeners", "监听的会话保持")],
  [/alarm|cloudmonitor|monitoring|告警|云监控/i, phrase("monitoring alarms", "监控告警")],
  [/\bnas\b|file storage|文件存储/i, phrase("NAS file systems", "NAS 文件存储")],
  // Round ten: dropped by both readers before ("RDS with SSL enabled and TDE encryption", "two ECS in a deployment set").
  [caseless(DATABASE_SSL), phrase("SSL on the database connection", "数据库连接的 SSL 加密")],
  [caseless(TDE), phrase("TDE (transparent data encryption) on the database", "数据库的 TDE 透明数据加密")],
  [/\bdeployment\s{1,3}sets?\b|部署集/i, phrase("a deployment set (spreading the servers over physical hosts)", "部署集（把服务器分散到不同物理机）")],
  [
    /\b(?:auto(?:matic)?\s{1,3}|daily\s{1,3})?snapshot\s{1,3}polic(?:y|ies)\b|\b(?:automatic|auto|daily|nightly)\s{1,3}snapshots\b|\bsnapshot(?:s|ted)?\s{1,3}(?:(?:them|it|the\s{1,3}disks?)\s{1,3})?(?:daily|nightly|every\s{1,3}(?:day|night))\b|自动快照|快照策略|每[天日]快照/i,
    phrase("an automatic snapshot policy for the disks", "云盘的自动快照策略"),
  ],
  [
    /\bcustom\s{1,3}domains?\b|\bbind(?:ing)?\s{1,3}(?:a\s{1,3}|the\s{1,3}|my\s{1,3})?domain\b|绑定(?:自定义)?域名|自定义域名/i,
    phrase("a custom domain bound to the bucket (CNAME)", "绑定到存储空间的自定义域名（CNAME）"),
  ],
];

/** The same patterns, global, to try each occurrence (built when the module loads). */
const FEATURE_SEARCHES: readonly [RegExp, Phrase][] = UNSUPPORTED_FEATURES.map(([pattern, label]) => [new RegExp(pattern.source, `${pattern.flags}g`), label]);
/** What joins the parts of one identifier: "static-cdn-origin", "my_kafka", "logs.cdn", "img/cdn/". */
const JOINERS = new Set(["-", "_", ".", "/"]);

/** The index of the token whose span holds `at`, by binary search over the tokens (in text order, never overlapping); -1 if none. */
function tokenIndexAt(tokens: readonly Token[], at: number): number {
  let low = 0;
  let high = tokens.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const token = tokens[middle] as Token;
    if (at < token.start) high = middle - 1;
    else if (at >= token.end) low = middle + 1;
    else return middle;
  }
  return -1;
}

/**
 * Whether the request asks for a feature: an occurrence of its words that is not inside a name as
 * the lexer reads it, one word joined after its first part or an identifier written as a name.
 * "a bucket named static-cdn-origin" or "named cdn-assets-2024" names a bucket, not a CDN (the
 * request check reads the same tokens); "put a CDN in front", "CDN-backed" and "ipv6-enabled" ask.
 */
function asksFor(search: RegExp, text: string, tokens: readonly Token[]): boolean {
  for (const match of text.matchAll(search)) {
    const index = tokenIndexAt(tokens, match.index);
    const token = tokens[index];
    const inName = token?.kind === "word" && (token.of === "identifier" || (token.start < match.index && JOINERS.has(text[match.index - 1] ?? "")));
    // "a security group for a k8s node pool": what the group serves, not a cluster asked for (purpose.ts).
    const served = token !== undefined && token.start === match.index && isPurpose(tokens, index);
    if (!inName && !served) return true;
  }
  return false;
}

const PUBLIC_ACCESS = /(?:internet|public)[- ](?:access|facing)|reachable from the internet|公网访问|可以从公网|对公网/i;
const OPEN_TO_EVERYONE =
  /\bto\s{1,3}(?:the\s{1,3})?(?:world|internet|public|everyone|anyone)\b|\bfrom\s{1,3}(?:anywhere|everywhere|the\s{1,3}internet)\b|(?:^|[^\d.])0\.0\.0\.0\/0\b|对所有人|给所有人|对外开放/i;
const NO_PUBLIC_IP = /\b(?:no|without(?:\s{1,3}an?)?)\s{1,3}public\s{1,3}ips?\b|\bprivate\s{1,3}only\b|不要公网|无公网|不分配公网/i;

const DELETION_PROTECTION = /(?<!\b(?:no|without|disable|off)\s{1,3})\bdeletion[- ]protection\b|(?<!不要|关闭|不需要)(?:删除保护|释放保护)/i;

/** "8080 only from the bastion", "8080 and 9090 from the jump box": ports opened to the bastion's group alone. Bounded, global: one pass. */
const FROM_BASTION =
  /(?<![\d.])(\d{2,5})(?:\s{0,2}(?:,|and|&)\s{0,2}(\d{2,5}))?\s{1,3}(?:only\s{1,3})?(?:reachable\s{1,3})?from\s{1,3}(?:the\s{1,3})?(?:bastion|jump\s{0,1}(?:box|host|server))\b/gi;

function portsFromBastion(text: string): number[] {
  const ports = [...text.matchAll(FROM_BASTION)].flatMap((match) => [match[1], match[2]]).flatMap((port) => (port ? [Number(port)] : []));
  return [...new Set(ports.filter((port) => port >= 1 && port <= 65535))];
}

const typeOfSize = ({ vcpus, memoryGib, burstable }: RoleSize) =>
  (burstable ? burstableTypeForSize(vcpus, memoryGib) : undefined) ?? instanceTypeForSize(vcpus, memoryGib);

/** The servers' size (the first role's, where each role has its own): `EcsInstanceType`'s default and the reply's hint. */
function setServersSize(values: RequestedValues, size: RoleSize, instanceType: string): void {
  const { vcpus, memoryGib, burstable } = size;
  values.sizeSpec = { vcpus, memoryGib, instanceType, ...(burstable && instanceType.includes("t6") ? { burstable } : {}) };
  values.sizeHint = `${vcpus} vCPU / ${memoryGib} GiB`;
}

/** "a bastion (t6 2c2g) and 4 app servers 4c16g": each role's size as its type (read/role-sizes.ts), where no type is written for it. */
function applyRoleSizes(values: RequestedValues, tokens: readonly Token[]): void {
  const sizes = roleSizes(tokens);
  if (!sizes.bastion || !sizes.others) return;
  const bastionType = typeOfSize(sizes.bastion);
  if (bastionType && !values.bastionInstanceType) values.bastionInstanceType = bastionType;
  const othersType = typeOfSize(sizes.others);
  if (!othersType || values.ecsInstanceType) return;
  setServersSize(values, sizes.others, othersType);
}

/** "3 master nodes 4c8g and 5 worker nodes 8c32g": each role's size as its servers' type (read/role-sizes.ts), where no type is written. */
function applyGroupSizes(values: RequestedValues, tokens: readonly Token[], roles: ReturnType<typeof serverRoles>): void {
  const groups = groupSizes(tokens, roles);
  if (!groups || values.ecsInstanceType) return;
  const typed = groups.map((group) => ({ role: group.role, count: group.count, instanceType: typeOfSize(group.size) }));
  const [first] = groups;
  if (!first || typed.some((group) => group.instanceType === undefined)) return;
  values.serverGroups = typed as NonNullable<RequestedValues["serverGroups"]>;
  setServersSize(values, first.size, typed[0]?.instanceType as string);
}

export function parseRequestedValues(request: string): RequestedValues {
  const text = readableText(request);
  const values: RequestedValues = { systemDisk: {}, zones: [], existingVpc: false, unsupported: [], text };
  const tokens = tokenize(text);
  const reading: ValueReading = { sizeForKind: (kind) => sizeForKind(text, kind), tokens };
  for (const kind of RESOURCE_KINDS) KINDS[kind].readValues?.(text, values, reading);
  // "cn-hangzhou-i", "杭州 H 区和 I 区", "zone H": ids, and letters in the request's region (read/zone-letters.ts).
  const region = findRegion(text);
  values.zones = namedZones(text, region);
  // "in different zones (h and i)" with no region: no zone id is guessed, and the reply says so (the check names the letters).
  const letters = region === undefined ? zoneLetters(text) : [];
  if (letters.length > 0)
    values.unsupported.push(
      phrase(
        `zone${letters.length > 1 ? "s" : ""} ${letters.join(", ")} by letter: no region is named, so no zone id is guessed (name the region, or pick the zones in the \`ZoneId\` selectors)`,
        `按字母指定的可用区 ${letters.join("、")}：没有给出地域，不猜测可用区 ID（请说明地域，或在 \`ZoneId\` 选择器中选择）`,
      ),
    );
  // "No internet access at all", "不对公网开放" say the opposite (no-internet.ts).
  // "open 80/443 to the world", "SSH from anywhere": a port open to everyone is reachable only through a public address, so a
  // server with no EIP or load balancer in front gets its own (apply-values.ts); "no public IP" keeps it private.
  // "just the built-in public IP": the server's own address (kinds/eip OWN_PUBLIC_IP).
  if ((PUBLIC_ACCESS.test(text) || OWN_PUBLIC_IP.test(text) || (OPEN_TO_EVERYONE.test(text) && !NO_PUBLIC_IP.test(text))) && !asksNoInternetAccess(text))
    values.publicAccess = true;
  if (asksForEss(text)) values.unsupported.push(ESS_LABEL);
  // "deletion protection on", "开启删除保护": on the databases and servers (generate/apply-values.ts); "no deletion protection" asks for none.
  if (DELETION_PROTECTION.test(text)) values.deletionProtection = true;
  for (const [search, label] of FEATURE_SEARCHES) if (asksFor(search, text, tokens)) values.unsupported.push(label);
  // "a bastion + 2 app servers": the bastion gets a security group of its own (kinds/security-group/bastion-design.ts).
  const counted = serverRoles(tokens);
  const roles = BASTION.test(text) ? counted : undefined;
  applyGroupSizes(values, tokens, counted);
  if (roles && roles.bastions > 0 && roles.others > 0) {
    values.bastions = roles.bastions;
    const fromBastion = portsFromBastion(text);
    if (fromBastion.length > 0) values.bastionPorts = fromBastion;
    // "ecs.c7.2xlarge for workers, ecs.t6-c1m2.large for the jump server": the bastion's type is its own; the others keep theirs.
    const bastionType = bastionInstanceType(tokens);
    if (bastionType) {
      values.bastionInstanceType = bastionType;
      const others = otherServerType(tokens, bastionType);
      if (others) values.ecsInstanceType = others;
      else if (values.ecsInstanceType === bastionType) delete values.ecsInstanceType;
    }
    applyRoleSizes(values, tokens);
  }
  // "HTTPS termination, cert id 1234567890abcdef": the certificate the HTTPS listener serves.
  const certificate = CERTIFICATE_ID.exec(text)?.[1];
  if (certificate) values.certificateId = certificate;
  // "one public with 10Mbps, one private": the public address on that many servers only.
  const scopes = serverScopes(tokens);
  if (scopes) {
    values.publicServers = scopes.publicCount;
    values.publicAccess = true;
  }
  const name = serverName(tokens);
  if (name) values.ecsInstanceName = name;
  // "ICMP from anywhere", "allow ping": a rule without a port (read/icmp-rules.ts).
  const icmp = ICMP_WORDS.test(text) ? icmpSources(tokens) : undefined;
  if (icmp) values.icmpSources = icmp;
  return values;
}
