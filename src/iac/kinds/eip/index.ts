/** The EIP: a public address, billed by the hour and by traffic; bound to a NAT gateway or an ECS instance. */
import { phrase } from "../../request-language";
import { spec } from "../../data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildEips as buildRos } from "./ros";
import { buildEips as buildTerraform } from "./terraform";
import type { RequestedValues } from "../values";

/** Words that make a bare "50M" a bandwidth: the EIP, public access, bandwidth itself. */
const BANDWIDTH_CONTEXT = /\beips?\b|elastic ip|public ip|bandwidth|internet|带宽|公网|弹性/i;

/** "10 Mbps", "20兆", "bandwidth of 10", "带宽调到 20M", and with an EIP or bandwidth named, a bare "50M". */
function bandwidthOf(text: string): number | undefined {
  const match = /(\d{1,4})\s{0,2}(?:mbps|mbit|mb\/s|m\s{0,2}带宽|兆)|(?:bandwidth|带宽)[^\d\n]{0,10}?(\d{1,4})\s{0,2}(?:m\b|mbps|兆)?/i.exec(text);
  const named = match?.[1] ?? match?.[2];
  if (named) return Number(named);
  const bare = BANDWIDTH_CONTEXT.test(text) ? /(\d{1,4})\s{0,2}m(?![a-z])/i.exec(text)?.[1] : undefined;
  return bare ? Number(bare) : undefined;
}

/** The bandwidth of the public address (the EIP's, or the server's own when it has no EIP). */
function readEipValues(text: string, into: RequestedValues): void {
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
  nouns: /\beips?\b|\belastic ips?\b|\belastic ip address(?:es)?\b|\bpublic ips?\b|弹性公网\s*ip|公网\s*ip|弹性\s*ip/gi,
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
