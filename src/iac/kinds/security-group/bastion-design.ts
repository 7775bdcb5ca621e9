/**
 * "a bastion + 2 app servers … app servers only reachable from the bastion", "一台跳板机加两台应用
 * 服务器": what an engineer means by a bastion is a security design, not a fourth server in the same
 * group. The bastion keeps the template's security group with its login rules (SSH 22, RDP 3389:
 * the source range the request gave, else the VPC's); the other servers get a group of their own
 * whose login rule admits only the bastion's group (`SourceGroupId`), with every other rule the
 * request opened (80 for the web servers is theirs, not the bastion's). A load balancer's backends
 * leave the bastion out. Applied once: a template that has the servers' group already is left as it
 * is, so an edit does not split it again. The Terraform twin reads the same two groups
 * (terraform/terraform-build/from-ros.ts).
 */
import { phrase, type Phrase } from "../../read/request-language";
import { giveServersType } from "../../generate/server-type-parameter";
import { resourceProperties, resourceType, section } from "../../template/template-model";
import { isRecord } from "../../template/template-parser";

type Template = Record<string, unknown>;

/** The servers' own group, beside the bastion's (the template's first group). */
export const SERVERS_GROUP = "AppSecurityGroup";
const GROUP_TYPE = "ALIYUN::ECS::SecurityGroup";
/** The bastions' own instance type parameter, when the request gives them one. */
export const BASTION_TYPE = "BastionInstanceType";
const INSTANCE_TYPE = "ALIYUN::ECS::Instance";
/** The login ports a bastion is for: SSH and RDP. */
const LOGIN_RANGES: ReadonlySet<string> = new Set(["22/22", "3389/3389"]);

function namesOf(template: Template, type: string): string[] {
  return Object.entries(section(template, "Resources"))
    .filter(([, resource]) => resourceType(resource) === type)
    .map(([name]) => name);
}

const isLogin = (rule: unknown) => isRecord(rule) && LOGIN_RANGES.has(String(rule.PortRange));

/** The login rule of the servers' group: each login port the bastion has (and each port asked "only from the bastion"), from the bastion's group only. */
function fromBastion(rules: readonly unknown[], bastionGroup: string, asked: readonly string[]): Record<string, unknown>[] {
  const logins = [...new Set(rules.filter(isLogin).map((rule) => String((rule as Record<string, unknown>).PortRange)))];
  const ranges = [...new Set([...(logins.length > 0 ? logins : ["22/22"]), ...asked])];
  return ranges.map((range) => ({
    IpProtocol: "tcp",
    PortRange: range,
    SourceGroupId: { Ref: bastionGroup },
    Policy: "accept",
    Priority: 1,
    Description: `${range === "3389/3389" ? "RDP" : range === "22/22" ? "SSH" : `Port ${range.split("/")[0]}`} from the bastion's security group only`,
  }));
}

/** The bastion out of every load balancer's backends: it serves no traffic. */
/** Leaves the named servers out of every load balancer's backends (a bastion's; servers of a role the balancer does not front: generate/server-groups.ts). */
export function dropFromBackends(template: Template, bastions: ReadonlySet<string>): void {
  for (const resource of Object.values(section(template, "Resources"))) {
    const properties = resourceProperties(resource);
    if (resourceType(resource) !== "ALIYUN::SLB::BackendServerAttachment" || !Array.isArray(properties.BackendServers)) continue;
    properties.BackendServers = properties.BackendServers.filter(
      (server: unknown) => !(isRecord(server) && isRecord(server.ServerId) && bastions.has(String(server.ServerId.Ref))),
    );
  }
}

/**
 * Splits the template's one security group into the bastion's and the other servers'. `bastions`
 * is how many of the first servers are bastions (read/server-roles.ts). Says what it did.
 */
/**
 * "ecs.t6-c1m2.large for the jump server": the bastions' own type, a parameter of its own (the
 * console's selector, defaulting to the type asked) beside `EcsInstanceType`, which the others keep.
 */
function giveBastionsType(template: Template, bastionNames: readonly string[], instanceType: string, applied: Phrase[]): void {
  giveServersType(template, bastionNames, {
    name: BASTION_TYPE,
    label: "Bastion instance type",
    description: "Instance type of the bastion (jump server); the other servers use EcsInstanceType.",
    instanceType,
  });
  applied.push(
    phrase(
      `bastion instance type ${instanceType} (default of parameter \`${BASTION_TYPE}\`)`,
      `跳板机实例规格 ${instanceType}（参数 \`${BASTION_TYPE}\` 的默认值）`,
    ),
  );
}

export function applyBastionDesign(template: Template, bastions: number, applied: Phrase[], bastionType?: string, bastionPorts: readonly number[] = []): void {
  const resources = section(template, "Resources");
  const servers = namesOf(template, INSTANCE_TYPE);
  const [group] = namesOf(template, GROUP_TYPE);
  if (bastions <= 0 || servers.length <= bastions || group === undefined || resources[SERVERS_GROUP] !== undefined) return;
  const bastionGroup = resourceProperties(resources[group]);
  const rules = Array.isArray(bastionGroup.SecurityGroupIngress) ? bastionGroup.SecurityGroupIngress : [];
  const asked = bastionPorts.map((port) => `${port}/${port}`);
  bastionGroup.SecurityGroupIngress = rules.filter(isLogin);
  resources[SERVERS_GROUP] = {
    Type: GROUP_TYPE,
    Properties: {
      VpcId: structuredClone(bastionGroup.VpcId),
      SecurityGroupName: "app-security-group",
      // "8080 only from the bastion": that port from the bastion's group, and no other rule for it.
      SecurityGroupIngress: [
        ...fromBastion(rules, group, asked),
        ...rules.filter((rule) => !isLogin(rule) && !(isRecord(rule) && asked.includes(String(rule.PortRange)))),
      ],
    },
  };
  const bastionNames = new Set(servers.slice(0, bastions));
  servers.forEach((name, index) => {
    const properties = resourceProperties(resources[name]);
    if (index < bastions) properties.InstanceName = bastions === 1 ? "bastion" : `bastion-${index + 1}`;
    else properties.SecurityGroupId = { Ref: SERVERS_GROUP };
  });
  dropFromBackends(template, bastionNames);
  if (bastionType) giveBastionsType(template, [...bastionNames], bastionType, applied);
  template.Outputs = section(template, "Outputs");
  section(template, "Outputs")[`${SERVERS_GROUP}Id`] = {
    Value: { "Fn::GetAtt": [SERVERS_GROUP, "SecurityGroupId"] },
    Label: "Servers' security group ID",
    Description: "The security group of the servers behind the bastion.",
  };
  applied.push(
    phrase(
      `a bastion with its own security group (${bastionNames.size} × bastion); the other ${servers.length - bastions} server(s) in \`${SERVERS_GROUP}\`, reachable over SSH only from the bastion's group`,
      `跳板机使用单独的安全组（${bastionNames.size} 台）；其余 ${servers.length - bastions} 台服务器在 \`${SERVERS_GROUP}\` 中，仅允许来自跳板机安全组的 SSH`,
    ),
  );
}
