/** The EIP: a public address, billed by the hour and by traffic; bound to a NAT gateway or an ECS instance. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildEips as buildRos } from "./ros";
import { buildEips as buildTerraform } from "./terraform";
import type { RequestedValues } from "../values";

/**
 * "the built-in public IP", "its own public IP", "ECS 自带的公网 IP": the server's own address
 * (`InternetMaxBandwidthOut`), not an EIP. Read as public access by read/request-values.ts and never
 * as an EIP noun, so "an EIP? no, just the built-in public IP" builds none.
 */
const OWN_PUBLIC_IP_SOURCE = String.raw`\b(?:built-in|builtin|its\s{1,3}own|their\s{1,3}own|own|native|default)\s{1,3}public\s{1,3}ips?\b|自带的?公网\s{0,2}ip`;
export const OWN_PUBLIC_IP = new RegExp(OWN_PUBLIC_IP_SOURCE, "i");
/** The same words, every one (the check blanks them before it reads the EIP's nouns: check/families.ts). */
export const EVERY_OWN_PUBLIC_IP = new RegExp(OWN_PUBLIC_IP_SOURCE, "gi");

/** Words that make a bare "50M" a bandwidth: the EIP, public access, bandwidth itself. */
const BANDWIDTH_CONTEXT = /\beips?\b|elastic ip|public ip|bandwidth|internet|带宽|公网|弹性/i;

/** "10 Mbps", "20兆", "bandwidth of 10", "带宽调到 20M", and with an EIP or bandwidth named, a bare "50M". */
function bandwidthOf(text: string): number | undefined {
  // "5M 公网带宽" before "带宽 … 80": a number after "bandwidth" belongs to it only within its clause ("带宽，开放 80 端口" is a port).
  const match =
    /(?<![\w.-])(\d{1,4})\s{0,2}(?:mbps|mbit|mb\/s|m\s{0,2}(?:的\s{0,2})?(?:公网|出网|public\s{1,2})?\s{0,2}(?:带宽|bandwidth)|兆)|(?:bandwidth|带宽)[^\d\n,，;；。]{0,10}?(\d{1,4})\s{0,2}(?:m\b|mbps|兆)?/i.exec(
      text,
    );
  const named = match?.[1] ?? match?.[2];
  if (named) return Number(named);
  // Not inside a word: "ecs.t6-c1m2.large" holds no "1m" bandwidth.
  const bare = BANDWIDTH_CONTEXT.test(text) ? /(?<![\w.-])(\d{1,4})\s{0,2}m(?![a-z])/i.exec(text)?.[1] : undefined;
  return bare ? Number(bare) : undefined;
}

/** A bandwidth with a unit, wherever it is written: "10 Mbps", "5M", "20兆". Bounded, one pass. */
const BANDWIDTH_WITH_UNIT = /(?<![\w.-])(\d{1,4})\s{0,2}(?:mbps|mbit|mb\/s|m(?![a-z])|兆)/gi;
/** The owner the words before a bandwidth name last: the server ("ECS with 10 Mbps") or the EIP / NAT ("EIP 5M"). */
const SERVER_OWNER = /\b(?:ecs|servers?|instances?|vms?)\b|服务器|实例|主机/gi;
const EIP_OWNER = /\b(?:eips?|elastic ips?|nat)\b|弹性/gi;

function lastIndexOf(pattern: RegExp, text: string): number {
  let last = -1;
  for (const match of text.matchAll(pattern)) last = match.index;
  return last;
}

/**
 * "one ECS with 10 Mbps bandwidth, EIP 5M for the NAT gateway": two bandwidths, each for the owner
 * named nearest before it (since the previous bandwidth). Undefined unless both a server's and an
 * EIP's are written.
 */
function bandwidthsByOwner(text: string): { server: number; eip: number } | undefined {
  const owned = new Map<"server" | "eip", number>();
  let previous = 0;
  for (const match of text.matchAll(BANDWIDTH_WITH_UNIT)) {
    // The words since the previous bandwidth: "一台ECS，公网带宽20M" names its server a clause earlier.
    const clause = text.slice(previous, match.index);
    previous = match.index + match[0].length;
    const server = lastIndexOf(SERVER_OWNER, clause);
    const eip = lastIndexOf(EIP_OWNER, clause);
    if (server < 0 && eip < 0) continue;
    const owner = server > eip ? "server" : "eip";
    if (!owned.has(owner)) owned.set(owner, Number(match[1]));
  }
  const server = owned.get("server");
  const eip = owned.get("eip");
  return server !== undefined && eip !== undefined ? { server, eip } : undefined;
}

/**
 * "pay by bandwidth", "billed by fixed bandwidth", "按固定带宽计费": the public address is billed by its
 * bandwidth, not by the traffic (ROS `InternetChargeType: PayByBandwidth`; by traffic is the default).
 * Read by the check too (check/setting-values.ts).
 */
export const BY_BANDWIDTH =
  /\b(?:pay(?:s|ing)?|billed|billing|charged?)\s{1,2}by\s{1,2}(?:(?:the|fixed)\s{1,2})?bandwidth\b|按\s{0,2}(?:固定)?\s{0,2}带宽\s{0,2}(?:计费|付费|收费)|固定带宽计费/i;

/** The bandwidth of the public address (the EIP's, or the server's own when it has no EIP), and the server's own beside an EIP's; how it is billed. */
function readEipValues(text: string, into: RequestedValues): void {
  if (BY_BANDWIDTH.test(text)) into.billedByBandwidth = true;
  const owned = bandwidthsByOwner(text);
  if (owned) {
    into.serverBandwidth = owned.server;
    into.bandwidth = owned.eip;
    return;
  }
  const bandwidth = bandwidthOf(text);
  if (bandwidth !== undefined) into.bandwidth = bandwidth;
}

export const eip: KindDefinition = {
  kind: "eip",
  label: phrase("EIP", "EIP"),
  catalogueName: phrase("EIP", "EIP"),
  rosType: "ALIYUN::VPC::EIP",
  rosParts: ["ALIYUN::VPC::EIPAssociation"],
  terraformType: "alicloud_eip_address",
  terraformParts: ["alicloud_eip_association"],
  // Not the server's own address (OWN_PUBLIC_IP): "the built-in public IP", "自带公网 IP".
  nouns:
    /\beips?\b|\belastic ips?\b|\belastic ip address(?:es)?\b|(?<!\b(?:built-in|builtin|own|native|default) )\bpublic ips?\b|弹性公网\s*ip|(?<!自带的?)公网\s*ip|弹性\s*ip/gi,
  billable: true,
  maxCount: 20,
  needs: [],
  neededBecause: () =>
    phrase(
      "EIP: the NAT gateway's SNAT entry needs one; a NAT gateway without one cannot reach the Internet.",
      "EIP：NAT 网关的 SNAT 条目需要一个 EIP；没有 EIP 的 NAT 网关无法访问公网。",
    ),
  takesAlong: [],
  values: [
    {
      sort: "bandwidth",
      label: phrase("EIP bandwidth", "EIP 带宽"),
      rosType: "ALIYUN::VPC::EIP",
      rosProperty: "Bandwidth",
      terraformType: "alicloud_eip_address",
      terraformArgument: "bandwidth",
    },
  ],
  readValues: readEipValues,
  rosProperties: {
    "ALIYUN::VPC::EIP":
      "Bandwidth:i Description:s InstanceChargeType:s=Prepaid|Postpaid InternetChargeType:s=PayByBandwidth|PayByTraffic Isp:s Name:s Netmode:s Period:i PricingCycle:s=Month|Year ResourceGroupId:s Tags:l DeletionProtection:b AutoPay:b PublicIpAddressPoolId:s SecurityProtectionTypes:l Zone:s IpAddress:s",
    "ALIYUN::VPC::EIPAssociation": "AllocationId:s InstanceId:s InstanceType:s Mode:s PrivateIpAddress:s VpcId:s",
  },
  rosResourceTypes: {
    "ALIYUN::VPC::EIP": spec("AllocationId EipAddress Isp OrderId"),
    "ALIYUN::VPC::EIPAssociation": spec("AllocationId EipAddress", "AllocationId InstanceId"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
