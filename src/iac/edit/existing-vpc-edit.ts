/**
 * The edit "put it in vpc-…" / "放到 vpc-… 里": the template's own VPC gives way to the user's
 * existing one. Why its own file: it rewrites references across the whole template (every
 * `Ref`/`Fn::GetAtt` of the VPC becomes the `VpcId` parameter, every use of its range the
 * `VpcCidrBlock` parameter), which is a concept of its own beside template-edit.ts's kind counts.
 *
 * The parameters have the shape the generator gives a request that names an existing VPC
 * (ros-build/network.ts): the id as the `VpcId` default, the old range as the `VpcCidrBlock`
 * default (to adjust: the existing VPC's range is unknown offline). The vSwitch blocks are kept and
 * the reply says they must lie inside that VPC. When anything but the VPC's id or range refers to
 * the VPC (a `VRouterId`, say), the template is left as it was and the request check names the id.
 */
import { phrase, type Phrase } from "../read/request-language";
import { functionCallName, getAttTarget, referencedSymbols, resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";

type Template = Record<string, unknown>;

const VPC_TYPE = "ALIYUN::ECS::VPC";
/** A request that names an existing VPC by id. */
const VPC_ID = /\b(vpc-[a-z0-9]{6,40})\b/i;
/** Rule and whitelist properties where the VPC's own range stands for "inside the VPC". */
const RANGE_KEYS = new Set(["SourceCidrIp", "DestCidrIp", "SecurityIPList", "SecurityIps"]);

/** The value with the VPC's references and its range replaced by the parameters; undefined where something else of the VPC is used. */
function rewire(value: unknown, vpc: string, range: string, key = ""): { value: unknown; blocked: boolean } {
  if (typeof value === "string" && RANGE_KEYS.has(key) && value === range) return { value: { Ref: "VpcCidrBlock" }, blocked: false };
  if (Array.isArray(value)) {
    const items = value.map((item) => rewire(item, vpc, range, key));
    return { value: items.map((item) => item.value), blocked: items.some((item) => item.blocked) };
  }
  if (!isRecord(value)) return { value, blocked: false };
  const call = functionCallName(value);
  if (call === "Ref" && value.Ref === vpc) return { value: { Ref: "VpcId" }, blocked: false };
  if (call === "Fn::GetAtt") {
    const target = getAttTarget(value["Fn::GetAtt"]);
    if (target?.resource === vpc) {
      if (target.attribute === "VpcId") return { value: { Ref: "VpcId" }, blocked: false };
      if (target.attribute === "CidrBlock") return { value: { Ref: "VpcCidrBlock" }, blocked: false };
      return { value, blocked: true };
    }
  }
  let blocked = false;
  const entries = Object.entries(value).map(([name, item]) => {
    const result = rewire(item, vpc, range, name);
    blocked ||= result.blocked;
    return [name, result.value] as const;
  });
  return { value: Object.fromEntries(entries), blocked };
}

/** The outputs without those that reported the VPC (its id now is the parameter the deployer gave). */
function outputsWithoutVpc(template: Template, vpc: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(section(template, "Outputs")).filter(([, output]) => !referencedSymbols(output).includes(vpc)));
}

/** The console form lists the two parameters first in its "Network" group, as for a generated template. */
function showInNetworkGroup(template: Template): void {
  const metadata = section(template, "Metadata");
  const groups = isRecord(metadata["ALIYUN::Interface"]) ? metadata["ALIYUN::Interface"].ParameterGroups : undefined;
  const network = Array.isArray(groups)
    ? groups.find((group) => isRecord(group) && isRecord(group.Label) && group.Label.default === "Network" && Array.isArray(group.Parameters))
    : undefined;
  if (isRecord(network) && Array.isArray(network.Parameters)) network.Parameters = ["VpcId", "VpcCidrBlock", ...network.Parameters];
}

function vpcParameters(id: string, range: string): Record<string, unknown> {
  return {
    VpcId: {
      Type: "String",
      Label: "Existing VPC",
      Description: "The VPC the resources are created in.",
      AssociationProperty: "ALIYUN::ECS::VPC::VPCId",
      Default: id,
    },
    VpcCidrBlock: {
      Type: "String",
      Label: "CIDR block of the existing VPC",
      Description: "Used for SSH and database whitelists inside the VPC.",
      Default: range,
    },
  };
}

/**
 * Moves the template into the existing VPC the text names, in place. Returns what the reply says,
 * or nothing when the text names no VPC id, the template has not exactly one VPC of its own, or
 * something other than the VPC's id or range refers to it.
 */
export function moveIntoExistingVpc(template: Template, text: string): Phrase[] {
  const id = VPC_ID.exec(text)?.[1];
  const resources = section(template, "Resources");
  const vpcs = Object.keys(resources).filter((name) => resourceType(resources[name]) === VPC_TYPE);
  const vpc = vpcs[0];
  if (!id || vpc === undefined || vpcs.length !== 1 || "VpcId" in section(template, "Parameters")) return [];
  const range = String(resourceProperties(resources[vpc]).CidrBlock ?? "");
  const rest = Object.fromEntries(Object.entries(resources).filter(([name]) => name !== vpc));
  const rewired = rewire(rest, vpc, range);
  if (rewired.blocked || !isRecord(rewired.value)) return [];
  template.Parameters = { ...vpcParameters(id, range), ...section(template, "Parameters") };
  template.Resources = rewired.value;
  if ("Outputs" in template) template.Outputs = outputsWithoutVpc(template, vpc);
  showInNetworkGroup(template);
  const vswitches = Object.values(rewired.value)
    .filter((resource) => resourceType(resource) === "ALIYUN::ECS::VSwitch")
    .map((resource) => resourceProperties(resource).CidrBlock)
    .filter((block): block is string => typeof block === "string");
  const blocks = vswitches.length > 0 ? vswitches.join(", ") : "";
  return [
    phrase(
      `the resources now go into the existing VPC ${id} (parameter \`VpcId\`); the new VPC \`${vpc}\` is gone. Set \`VpcCidrBlock\` to that VPC's range${blocks ? `, and make sure the vSwitch blocks (${blocks}) are free blocks inside it` : ""}`,
      `资源改为放入现有 VPC ${id}（参数 \`VpcId\`），不再新建 VPC \`${vpc}\`。请把 \`VpcCidrBlock\` 设为该 VPC 的网段${blocks ? `，并确认交换机网段（${blocks}）是其中未被占用的网段` : ""}`,
    ),
  ];
}
