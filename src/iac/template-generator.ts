import { hasErrors } from "./diagnostic";
import { parseGenerationRequest, type InfrastructureRequest, type ResourceKind } from "./generation-request";
import { buildRosTemplate } from "./ros-template-builder";
import { checkTerraform } from "./terraform-check";
import { buildTerraform } from "./terraform-builder";
import { resourceProperties, resourceType, section } from "./template-model";
import { isRecord } from "./template-parser";
import { validateTemplateObject } from "./template-validator";
import { toRosYaml } from "./template-yaml";

export interface GenerationRequest {
  /** What to build, in plain English or Chinese. */
  text: string;
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
}

/**
 * `application/yaml` is the registered YAML media type (RFC 9512). HCL has no registered type;
 * `text/x-hcl` keeps it in the text/* tree, so any client that does not know it still shows it as
 * text, and the x- prefix marks it as unregistered.
 */
const ROS_MEDIA_TYPE = "application/yaml";
const TERRAFORM_MEDIA_TYPE = "text/x-hcl";

const KIND_LABELS: Record<ResourceKind, string> = {
  vpc: "VPC",
  vswitch: "vSwitch",
  securityGroup: "security group",
  ecs: "ECS instance",
  slb: "SLB load balancer",
  rds: "RDS database",
  oss: "OSS bucket",
  eip: "EIP",
  nat: "NAT gateway",
  redis: "Redis instance",
};

/** English plural of a label: vSwitch → vSwitches, EIP → EIPs. */
function pluralSuffix(label: string): string {
  return /(?:s|x|ch|sh)$/i.test(label) ? "es" : "s";
}

function describeRequest(request: InfrastructureRequest): string {
  const parts = (Object.keys(KIND_LABELS) as ResourceKind[])
    .filter((kind) => request.counts[kind] > 0)
    .map((kind) => `${request.counts[kind]} ${KIND_LABELS[kind]}${request.counts[kind] > 1 ? pluralSuffix(KIND_LABELS[kind]) : ""}`);
  return parts.join(", ");
}

function notesSection(request: InfrastructureRequest): string[] {
  return request.notes.length > 0 ? ["", "**Adjustments:**", ...request.notes.map((note) => `- ${note}`)] : [];
}

function generateRos(request: InfrastructureRequest): GeneratedTemplate {
  const template = buildRosTemplate(request);
  const diagnostics = validateTemplateObject(template);
  const resources = Object.entries(section(template, "Resources")).map(
    ([name, resource]) => `${name}: ${resourceType(resource) ?? ""}`,
  );
  const parameters = Object.entries(section(template, "Parameters")).map(([name, definition]) => {
    const record = isRecord(definition) ? definition : {};
    const association = typeof record.AssociationProperty === "string" ? ` (console selector ${record.AssociationProperty})` : "";
    const fallback = record.Default !== undefined ? ` (default ${String(record.Default)})` : "";
    return `- \`${name}\`: ${String(record.Label ?? name)}${association}${fallback}`;
  });
  const check = hasErrors(diagnostics)
    ? `Offline validation found problems:\n${diagnostics.map((diagnostic) => `- \`${diagnostic.code}\` ${diagnostic.message}`).join("\n")}`
    : `Offline validation: 0 errors, ${diagnostics.length} warnings.`;
  const summary = [
    `Generated a ROS template (\`template.yaml\`) with ${describeRequest(request)}${request.region ? ` for region ${request.region}` : ""}.`,
    "",
    `**Resources (${resources.length}):** ${resources.map((resource) => `\`${resource}\``).join(", ")}`,
    ...(request.counts.vpc > 0
      ? ["", `**Address plan:** VPC ${request.vpcCidr.text}; vSwitches ${vswitchCidrsOf(template).join(", ")}.`]
      : []),
    "",
    "**Parameters to fill in when creating the stack:**",
    ...parameters,
    ...notesSection(request),
    "",
    check,
    "",
    "Next: run ValidateTemplate (or PreviewStack) in ROS with your parameter values, then CreateStack in the target region.",
  ].join("\n");
  return {
    filename: "template.yaml",
    mediaType: ROS_MEDIA_TYPE,
    content: toRosYaml(template),
    format: "ros-yaml",
    resources,
    summary,
  };
}

function vswitchCidrsOf(template: Record<string, unknown>): string[] {
  return Object.values(section(template, "Resources")).flatMap((resource) => {
    const cidr = resourceProperties(resource).CidrBlock;
    return resourceType(resource) === "ALIYUN::ECS::VSwitch" && typeof cidr === "string" ? [cidr] : [];
  });
}

function generateTerraform(request: InfrastructureRequest): GeneratedTemplate {
  const configuration = buildTerraform(request);
  const problems = checkTerraform(configuration.text);
  const variables = [...configuration.text.matchAll(/^variable "([\w-]+)"/gm)].map((match) => `\`${match[1] ?? ""}\``);
  const summary = [
    `Generated a Terraform configuration (\`main.tf\`, alicloud provider) with ${describeRequest(request)}${request.region ? ` for region ${request.region}` : ""}.`,
    "",
    `**Resources (${configuration.resources.length}):** ${configuration.resources.map((resource) => `\`${resource}\``).join(", ")}`,
    "",
    `**Variables:** ${variables.join(", ")}. Zones, instance types, images and database classes are looked up with data sources instead of being hard-coded.`,
    ...notesSection(request),
    "",
    problems.length === 0
      ? "Self-check: brackets balanced and every resource, data source and variable reference is declared."
      : `Self-check found problems:\n${problems.map((problem) => `- ${problem}`).join("\n")}`,
    "",
    "Next: `terraform init && terraform plan`, or package the directory as a ROS template (Transform Aliyun::OpenTofu-v1.8) to deploy it through ROS.",
  ].join("\n");
  return {
    filename: "main.tf",
    mediaType: TERRAFORM_MEDIA_TYPE,
    content: configuration.text,
    format: "terraform",
    resources: configuration.resources,
    summary,
  };
}

export function generateTemplate(request: GenerationRequest): GeneratedTemplate {
  const infrastructure = parseGenerationRequest(request.text);
  return infrastructure.format === "terraform" ? generateTerraform(infrastructure) : generateRos(infrastructure);
}
