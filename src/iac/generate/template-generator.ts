import { applyRequestedValues } from "./apply-values";
import { detectLanguage, phrase, type Phrase, type ReplyLanguage } from "../read/request-language";
import { parseRequestedValues } from "../read/request-values";
import { readableText } from "../read/request-text";
import { listenerProtocols, withListenerPorts } from "../kinds/slb/protocol";
import { summarizeRosTemplate } from "./template-summary";
import { parseGenerationRequest, type InfrastructureRequest } from "../read/generation-request";
import { KINDS, RESOURCE_KINDS, type ResourceKind } from "../kinds";
import { buildRosTemplate } from "./ros-template-builder";
import { EXISTING_GROUP_RULE_TYPE } from "../kinds/security-group/existing-group-rules";
import { renderTerraform, TERRAFORM_MEDIA_TYPE } from "../terraform/terraform-render";
import { resourceType, section } from "../template/template-model";
import { validateTemplateObject } from "../review/template-validator";
import { toRosYaml } from "../template/template-yaml";

export interface GenerationRequest {
  /** What to build, in plain English or Chinese. */
  text: string;
  /** The reply language; by default the request's. */
  language?: ReplyLanguage;
}

export interface GeneratedTemplate {
  filename: string;
  mediaType: string;
  content: string;
  format: "ros-yaml" | "terraform";
  /** The resources created: `LogicalName: ALIYUN::Type` for ROS, `type.name` for Terraform. */
  resources: string[];
  /** Markdown: what was built, the parameters to fill in, adjustments made, and the self-check result. */
  summary: string;
  /** The ROS template as an object, for edits in later turns; for Terraform, the configuration's ROS twin (terraform-build/from-ros.ts). */
  template?: Record<string, unknown>;
  /** False when the request named no resource the engine knows. */
  recognized: boolean;
}

/** `application/yaml` is the registered YAML media type (RFC 9512); Terraform's is terraform-render.ts's. */
const ROS_MEDIA_TYPE = "application/yaml";

/** English plural of a label: vSwitch → vSwitches, EIP → EIPs. */
function pluralSuffix(label: string): string {
  return /(?:s|x|ch|sh)$/i.test(label) ? "es" : "s";
}

/** How many resources of each kind the template holds: the title names what was built, not what was read ("in my VPC vpc-…" builds none). */
function templateCounts(template: Record<string, unknown>): Record<ResourceKind, number> {
  const types = Object.values(section(template, "Resources")).map((resource) => resourceType(resource));
  return Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, types.filter((type) => type === KINDS[kind].rosType).length])) as Record<ResourceKind, number>;
}

function describeTemplate(template: Record<string, unknown>, language: ReplyLanguage): string {
  const counts = templateCounts(template);
  const present = RESOURCE_KINDS.filter((kind) => counts[kind] > 0);
  // "open 8080 on my existing security group": rules on the user's group (kinds/security-group/existing-group-rules.ts).
  const rules = Object.values(section(template, "Resources")).filter((resource) => resourceType(resource) === EXISTING_GROUP_RULE_TYPE).length;
  if (language === "zh") {
    // "1 个 VPC", "2 个交换机": a space only before a Latin word.
    const kinds = present.map((kind) => `${counts[kind]} 个${/^[A-Za-z]/.test(KINDS[kind].label.zh) ? " " : ""}${KINDS[kind].label.zh}`);
    return [...kinds, ...(rules > 0 ? [`已有安全组上的 ${rules} 条入方向规则`] : [])].join("、");
  }
  const kinds = present.map((kind) => {
    const label = KINDS[kind].label.en;
    return `${counts[kind]} ${label}${counts[kind] > 1 ? pluralSuffix(label) : ""}`;
  });
  return [...kinds, ...(rules > 0 ? [`${rules} ingress rule${rules > 1 ? "s" : ""} on an existing security group`] : [])].join(", ");
}

/** The order the reply names the kinds that need the network in. */
const NETWORK_ORDER: readonly ResourceKind[] = ["ecs", "rds", "redis", "nat"];

/** Why each kind the request did not name is in the template, from the kinds that need it. */
function requiredBecause(request: InfrastructureRequest, template: Record<string, unknown>): Phrase[] {
  const counts = templateCounts(template);
  const present = (kind: ResourceKind) => counts[kind] > 0;
  const added = (kind: ResourceKind) => present(kind) && !request.mentioned.includes(kind);
  const users = (kind: ResourceKind) => NETWORK_ORDER.filter((user) => present(user) && KINDS[user].needs.includes(kind)).map((user) => KINDS[user].label);
  const reasons: Phrase[] = [];
  for (const kind of ["vpc", "vswitch", "securityGroup"] as const) {
    if (!added(kind) || (kind === "vpc" && request.existingVpc)) continue;
    const because = KINDS[kind].neededBecause;
    if (because) reasons.push(because(users(kind)));
  }
  return reasons;
}

function generateRos(request: InfrastructureRequest, text: string, language: ReplyLanguage): GeneratedTemplate {
  const template = buildRosTemplate(request);
  const values = applyRequestedValues(template, parseRequestedValues(text));
  const diagnostics = validateTemplateObject(template);
  const resources = Object.entries(section(template, "Resources")).map(([name, resource]) => `${name}: ${resourceType(resource) ?? ""}`);
  const where = request.region ? (language === "zh" ? `，地域 ${request.region}` : ` for region ${request.region}`) : "";
  const summary = summarizeRosTemplate(
    template,
    {
      title: phrase(
        `Generated a ROS template (\`template.yaml\`) with ${describeTemplate(template, "en")}${where}.`,
        `已生成 ROS 模板（\`template.yaml\`），包含 ${describeTemplate(template, "zh")}${where}。`,
      ),
      applied: values.applied,
      required: requiredBecause(request, template),
      unsupported: values.unsupported,
      notes: request.notes,
      diagnostics,
    },
    language,
  );
  return {
    filename: "template.yaml",
    mediaType: ROS_MEDIA_TYPE,
    content: toRosYaml(template),
    format: "ros-yaml",
    resources,
    summary,
    template,
    recognized: request.recognized,
  };
}

function generateTerraform(request: InfrastructureRequest, text: string, language: ReplyLanguage): GeneratedTemplate {
  // The twin is built exactly as generateRos builds its template; the configuration is rendered from it.
  const twin = buildRosTemplate(request);
  const values = applyRequestedValues(twin, parseRequestedValues(text));
  const where = request.region ? { en: ` for region ${request.region}`, zh: `，地域 ${request.region}` } : { en: "", zh: "" };
  const rendered = renderTerraform(twin, {
    text,
    language,
    title: phrase(
      `Generated a Terraform configuration (\`main.tf\`, alicloud provider) with ${describeTemplate(twin, "en")}${where.en}.`,
      `已生成 Terraform 配置（\`main.tf\`，alicloud provider），包含 ${describeTemplate(twin, "zh")}${where.zh}。`,
    ),
    unsupported: values.unsupported,
    notes: request.notes,
  });
  return { filename: "main.tf", mediaType: TERRAFORM_MEDIA_TYPE, format: "terraform", ...rendered, template: twin, recognized: request.recognized };
}

export function generateTemplate(request: GenerationRequest): GeneratedTemplate {
  // Read in the one spelling the grammars know ("…/24." is "…/24", "100 gigs" is "100 GB"): read/request-text.ts.
  const text = readableText(request.text);
  const infrastructure = withListenerPorts(parseGenerationRequest(text), listenerProtocols(request.text), request.text);
  const language = request.language ?? detectLanguage(request.text);
  return infrastructure.format === "terraform" ? generateTerraform(infrastructure, text, language) : generateRos(infrastructure, text, language);
}
