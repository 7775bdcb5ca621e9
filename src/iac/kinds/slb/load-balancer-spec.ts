/**
 * "SLB spec slb.s2.small", "规格 slb.s3.medium": the load balancer's own performance spec
 * (`LoadBalancerSpec`, Terraform `load_balancer_spec`). Without one the builders write the smallest,
 * slb.s1.small. Read in an edit as in a new request; applied to every load balancer of the template.
 */
import { phrase, type Phrase } from "../../read/request-language";
import { resourceProperties, resourceType, section } from "../../template/template-model";
import type { RequestedValues } from "../values";

/** The spec the builders write when the request names none: the smallest CLB spec. */
export const DEFAULT_SLB_SPEC = "slb.s1.small";

/** The CLB performance specs by name (slb.s1.small … slb.s3.xlarge); a fixed shape, so linear. */
const SLB_SPEC = /\bslb\.s[1-4]\.(?:small|medium|large|xlarge)\b/i;

export function readLoadBalancerSpec(text: string, into: RequestedValues): void {
  const spec = SLB_SPEC.exec(text)?.[0];
  if (spec) into.slbSpec = spec.toLowerCase();
}

/** Sets the spec on every load balancer; what it did, or why it could not, for the reply. */
export function applyLoadBalancerSpec(template: Record<string, unknown>, spec: string): { applied: Phrase[]; unsupported: Phrase[] } {
  let balancers = 0;
  for (const resource of Object.values(section(template, "Resources"))) {
    if (resourceType(resource) !== "ALIYUN::SLB::LoadBalancer") continue;
    resourceProperties(resource).LoadBalancerSpec = spec;
    balancers += 1;
  }
  return balancers > 0
    ? { applied: [phrase(`load balancer spec ${spec}`, `负载均衡规格 ${spec}`)], unsupported: [] }
    : { applied: [], unsupported: [phrase(`the load balancer spec ${spec}: the template has no load balancer`, `负载均衡规格 ${spec}：模板中没有负载均衡`)] };
}
