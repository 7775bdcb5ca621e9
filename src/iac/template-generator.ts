import { applyRequestedValues } from "./apply-values";
import { detectLanguage, phrase, type Phrase, type ReplyLanguage } from "./request-language";
import { parseRequestedValues, type RequestedValues } from "./request-values";
import { summarizeRosTemplate } from "./template-summary";
import { parseGenerationRequest, type InfrastructureRequest } from "./generation-request";
import { KINDS, RESOURCE_KINDS, type ResourceKind } from "./kinds";
import { RDS_STORAGE_GB, SYSTEM_DISK_GIB, sizeWithin } from "./resource-defaults";
import { buildRosTemplate } from "./ros-template-builder";
import { checkTerraform } from "./terraform-check";
import { buildTerraform, type TerraformConfiguration } from "./terraform-builder";
import { statedBucketName } from "./kinds/oss/terraform";
import { resourceType, section } from "./template-model";
import { validateTemplateObject } from "./template-validator";
import { toRosYaml } from "./template-yaml";

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
  /** The ROS template as an object (undefined for Terraform), for edits in later turns. */
  template?: Record<string, unknown>;
  /** False when the request named no resource the engine knows. */
  recognized: boolean;
}

/**
 * `application/yaml` is the registered YAML media type (RFC 9512). HCL has no registered type;
 * `text/x-hcl` keeps it in the text/* tree, so any client that does not know it still shows it as
 * text, and the x- prefix marks it as unregistered.
 */
const ROS_MEDIA_TYPE = "application/yaml";
const TERRAFORM_MEDIA_TYPE = "text/x-hcl";

/** English plural of a label: vSwitch → vSwitches, EIP → EIPs. */
function pluralSuffix(label: string): string {
  return /(?:s|x|ch|sh)$/i.test(label) ? "es" : "s";
}

function describeRequest(request: InfrastructureRequest, language: ReplyLanguage): string {
  const present = RESOURCE_KINDS.filter((kind) => request.counts[kind] > 0);
  if (language === "zh") {
    // "1 个 VPC", "2 个交换机": a space only before a Latin word.
    return present.map((kind) => `${request.counts[kind]} 个${/^[A-Za-z]/.test(KINDS[kind].label.zh) ? " " : ""}${KINDS[kind].label.zh}`).join("、");
  }
  return present
    .map((kind) => {
      const label = KINDS[kind].label.en;
      return `${request.counts[kind]} ${label}${request.counts[kind] > 1 ? pluralSuffix(label) : ""}`;
    })
    .join(", ");
}

function notesSection(request: InfrastructureRequest): string[] {
  return request.notes.length > 0 ? ["", "**Adjustments:**", ...request.notes.map((note) => `- ${note}`)] : [];
}

/** The order the reply names the kinds that need the network in. */
const NETWORK_ORDER: readonly ResourceKind[] = ["ecs", "rds", "redis", "nat"];

/** Why each kind the request did not name is in the template, from the kinds that need it. */
function requiredBecause(request: InfrastructureRequest): Phrase[] {
  const present = (kind: ResourceKind) => request.counts[kind] > 0;
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
        `Generated a ROS template (\`template.yaml\`) with ${describeRequest(request, "en")}${where}.`,
        `已生成 ROS 模板（\`template.yaml\`），包含 ${describeRequest(request, "zh")}${where}。`,
      ),
      applied: values.applied,
      required: requiredBecause(request),
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

/** The sources of the configuration's security group rules (`cidr_ip = "…"`). */
const RULE_SOURCE = /cidr_ip {1,20}= "([\d./]{1,18})"/g;

/**
 * Values the Terraform builder does not write: all but counts, region, CIDR blocks, ports, the
 * bucket's name and settings (when there is a bucket), the source ranges its rules carry, the
 * database and Redis versions and storage, the ECS type and system disk size (when built, sizes
 * within their limits) and the EIPs' bandwidth (when there is an EIP).
 */
function terraformUnsupported(values: RequestedValues, request: InfrastructureRequest, configuration: TerraformConfiguration): Phrase[] {
  const named: Phrase[] = [...values.unsupported];
  const buckets = request.counts.oss > 0;
  const databases = request.counts.rds > 0 && request.counts.vpc > 0;
  const sources = new Set(Array.from(configuration.text.matchAll(RULE_SOURCE), (match) => match[1]));
  const unwritten = (value: unknown, written: boolean) => (written ? undefined : value);
  const stated: [unknown, Phrase][] = [
    [
      unwritten(values.ecsInstanceType, request.counts.ecs > 0),
      phrase(`instance type ${values.ecsInstanceType ?? ""}`, `实例规格 ${values.ecsInstanceType ?? ""}`),
    ],
    [
      unwritten(values.systemDisk.size, request.counts.ecs > 0 && sizeWithin(values.systemDisk.size, SYSTEM_DISK_GIB) !== undefined),
      phrase(`system disk size ${values.systemDisk.size ?? ""} GiB`, `系统盘大小 ${values.systemDisk.size ?? ""} GiB`),
    ],
    [values.sizeSpec, phrase(`instance size ${values.sizeHint ?? ""}`, `实例大小 ${values.sizeHint ?? ""}`)],
    [values.backupRetentionDays, phrase(`backup retention ${values.backupRetentionDays ?? ""} days`, `备份保留 ${values.backupRetentionDays ?? ""} 天`)],
    [values.dataDisk, phrase("the data disk", "数据盘")],
    [unwritten(values.rdsEngineVersion, databases), phrase(`engine version ${values.rdsEngineVersion ?? ""}`, `引擎版本 ${values.rdsEngineVersion ?? ""}`)],
    [
      unwritten(values.redisEngineVersion, request.counts.redis > 0 && request.counts.vpc > 0),
      phrase(`Redis version ${values.redisEngineVersion ?? ""}`, `Redis 版本 ${values.redisEngineVersion ?? ""}`),
    ],
    [
      unwritten(values.rdsStorage, databases && sizeWithin(values.rdsStorage, RDS_STORAGE_GB) !== undefined),
      phrase(`database storage ${values.rdsStorage ?? ""} GB`, `数据库存储 ${values.rdsStorage ?? ""} GB`),
    ],
    [
      unwritten(values.bucketName, buckets && statedBucketName(values) !== undefined),
      phrase(`bucket name ${values.bucketName ?? ""}`, `存储桶名称 ${values.bucketName ?? ""}`),
    ],
    [unwritten(values.versioning, buckets), phrase("bucket versioning", "存储桶版本控制")],
    [unwritten(values.encryption, buckets), phrase("bucket encryption", "存储桶加密")],
    [unwritten(values.lifecycleDays, buckets), phrase("the bucket lifecycle rule", "存储桶生命周期规则")],
    [values.existingVpc || undefined, phrase("the existing VPC", "已有 VPC")],
    [unwritten(values.sourceCidr, sources.has(values.sourceCidr)), phrase(`source range ${values.sourceCidr ?? ""}`, `来源网段 ${values.sourceCidr ?? ""}`)],
    [unwritten(values.sshCidr, sources.has(values.sshCidr)), phrase(`SSH source range ${values.sshCidr ?? ""}`, `SSH 来源网段 ${values.sshCidr ?? ""}`)],
    [unwritten(values.bandwidth, request.counts.eip > 0), phrase(`bandwidth ${values.bandwidth ?? ""} Mbps`, `带宽 ${values.bandwidth ?? ""} Mbps`)],
    [values.zones.length > 0 ? values.zones : undefined, phrase(`zone ${values.zones.join(", ")}`, `可用区 ${values.zones.join("、")}`)],
    [unwritten(values.bucketAcl, buckets), phrase(`bucket ACL ${values.bucketAcl ?? ""}`, `存储桶读写权限 ${values.bucketAcl ?? ""}`)],
    [values.rdsInstanceClass, phrase(`database class ${values.rdsInstanceClass ?? ""}`, `数据库规格 ${values.rdsInstanceClass ?? ""}`)],
    [values.redisInstanceClass, phrase(`Redis class ${values.redisInstanceClass ?? ""}`, `Redis 规格 ${values.redisInstanceClass ?? ""}`)],
    [values.ecsImageId, phrase(`image ${values.ecsImageId ?? ""}`, `镜像 ${values.ecsImageId ?? ""}`)],
  ];
  for (const [value, label] of stated) if (value !== undefined) named.push(label);
  return named;
}

function generateTerraform(request: InfrastructureRequest, text: string, language: ReplyLanguage): GeneratedTemplate {
  const zh = language === "zh";
  const values = parseRequestedValues(text);
  const configuration = buildTerraform(request, values);
  const problems = checkTerraform(configuration.text);
  const variables = [...configuration.text.matchAll(/^variable "([\w-]+)"/gm)].map((match) => `\`${match[1] ?? ""}\``);
  const unsupported = terraformUnsupported(values, request, configuration);
  const where = request.region ? (zh ? `，地域 ${request.region}` : ` for region ${request.region}`) : "";
  const summary = [
    zh
      ? `已生成 Terraform 配置（\`main.tf\`，alicloud provider），包含 ${describeRequest(request, "zh")}${where}。`
      : `Generated a Terraform configuration (\`main.tf\`, alicloud provider) with ${describeRequest(request, "en")}${where}.`,
    "",
    `${zh ? "**资源" : "**Resources"} (${configuration.resources.length}):** ${configuration.resources.map((resource) => `\`${resource}\``).join(", ")}`,
    "",
    zh
      ? `**变量：** ${variables.join(", ")}。可用区、实例规格、镜像和数据库规格通过 data source 查询，而不是写死。`
      : `**Variables:** ${variables.join(", ")}. Zones, instance types, images and database classes are looked up with data sources instead of being hard-coded.`,
    ...(unsupported.length > 0
      ? [
          "",
          zh
            ? "**未写入 Terraform 配置（离线引擎的 Terraform 生成只处理数量、地域、网段、端口、来源网段、存储桶设置、引擎版本、实例规格、系统盘和数据库存储大小以及 EIP 带宽）：**"
            : "**Not expressed in the Terraform configuration (the offline Terraform builder handles counts, region, CIDR blocks, ports, source ranges, bucket settings, engine versions, instance type, system disk and database storage sizes and EIP bandwidth only):**",
          ...unsupported.map((item) => `- ${item[language]}`),
        ]
      : []),
    ...notesSection(request),
    "",
    problems.length === 0
      ? zh
        ? "自检：括号配对，所有 resource、data source 和变量引用均已声明。"
        : "Self-check: brackets balanced and every resource, data source and variable reference is declared."
      : `${zh ? "自检发现问题：" : "Self-check found problems:"}\n${problems.map((problem) => `- ${problem}`).join("\n")}`,
    "",
    zh
      ? "下一步：`terraform init && terraform plan`，或把目录打包成 ROS 模板（Transform Aliyun::OpenTofu-v1.8）通过 ROS 部署。"
      : "Next: `terraform init && terraform plan`, or package the directory as a ROS template (Transform Aliyun::OpenTofu-v1.8) to deploy it through ROS.",
  ].join("\n");
  return {
    filename: "main.tf",
    mediaType: TERRAFORM_MEDIA_TYPE,
    content: configuration.text,
    format: "terraform",
    resources: configuration.resources,
    summary,
    recognized: request.recognized,
  };
}

export function generateTemplate(request: GenerationRequest): GeneratedTemplate {
  const infrastructure = parseGenerationRequest(request.text);
  const language = request.language ?? detectLanguage(request.text);
  return infrastructure.format === "terraform"
    ? generateTerraform(infrastructure, request.text, language)
    : generateRos(infrastructure, request.text, language);
}
