/**
 * "swap the SLB to internal", "make the load balancer private", "SLB 改成内网", "make the SLB public
 * again": the load balancers of the template change scope. An internal one stands in the template's
 * VPC and first vSwitch (or the existing network's parameters) and pays no Internet traffic; a
 * public one leaves them. Every load balancer changes: the scope word names no one of several.
 */
import { phrase, type Phrase } from "../read/request-language";
import { resourceProperties, section } from "../template/template-model";
import { namesOfType } from "./template-inventory";

type Template = Record<string, unknown>;

const LOAD_BALANCER = "ALIYUN::SLB::LoadBalancer";
/** A change verb, the load balancer, then the scope: "swap the SLB to internal", "make the LB an internet-facing one". */
const SCOPE_CHANGE =
  /\b(?:make|swap|switch|change|turn|convert|move)\s{1,3}(?:the\s{1,3}|our\s{1,3}|it\s{1,3})?(?:slbs?|clbs?|load\s{1,3}balancers?|lbs?)\s{1,3}(?:to\s{1,3}|into\s{1,3})?(?:an?\s{1,3})?(internal|intranet|private|public|internet[- ]facing|internet)\b|(?:slb|负载均衡)\s{0,3}(?:改成|改为|换成|改到)\s{0,3}(内网|私网|公网)/i;
const INTERNAL = /^(?:internal|intranet|private|内网|私网)$/i;

/** The network an internal load balancer stands in: the template's VPC and first vSwitch, else the existing network's parameters. */
function networkOf(template: Template): { vpc: string; vswitch: string } | undefined {
  const vpc = namesOfType(template, "ALIYUN::ECS::VPC")[0];
  const vswitch = namesOfType(template, "ALIYUN::ECS::VSwitch")[0];
  if (vpc && vswitch) return { vpc, vswitch };
  const parameters = section(template, "Parameters");
  return parameters.VpcId !== undefined && parameters.VSwitchId !== undefined ? { vpc: "VpcId", vswitch: "VSwitchId" } : undefined;
}

/** Changes the scope of every load balancer the request names; says what changed, or why not. */
export function changeLoadBalancerScope(template: Template, text: string, changes: Phrase[], notDone: Phrase[]): void {
  const asked = SCOPE_CHANGE.exec(text);
  if (!asked) return;
  const internal = INTERNAL.test(asked[1] ?? asked[2] ?? "");
  const resources = section(template, "Resources");
  const network = internal ? networkOf(template) : undefined;
  if (internal && !network) {
    notDone.push(phrase("an internal load balancer: the template has no VPC to place it in", "内网负载均衡：模板中没有可放置它的 VPC"));
    return;
  }
  for (const name of namesOfType(template, LOAD_BALANCER)) {
    const properties = resourceProperties(resources[name]);
    const { InternetChargeType: _charge, VpcId: _vpc, VSwitchId: _vswitch, AddressType: _type, ...rest } = properties;
    const scoped = network
      ? { AddressType: "intranet", VpcId: { Ref: network.vpc }, VSwitchId: { Ref: network.vswitch } }
      : { AddressType: "internet", InternetChargeType: "paybytraffic" };
    (resources[name] as Record<string, unknown>).Properties = { ...rest, ...scoped };
    changes.push(
      internal
        ? phrase(`\`${name}\` made internal (intranet, in \`${network?.vpc}\`)`, `\`${name}\` 改为内网（私网，位于 \`${network?.vpc}\`）`)
        : phrase(`\`${name}\` made internet-facing`, `\`${name}\` 改为公网`),
    );
  }
}
