/**
 * Renders a Terraform configuration (`main.tf`) and the reply that goes with it from the
 * configuration's ROS twin (terraform-build/from-ros.ts says why), for the first turn
 * (template-generator.ts) and for every edit of a Terraform conversation (the offline provider edits
 * the twin with template-edit.ts and renders it here): one path, so an edit moves nothing the user
 * did not ask to change. Values the turn's request states that the configuration does not carry are
 * named under "Not expressed in the Terraform configuration", never passed over.
 */
import { statedBucketName } from "../kinds/oss/terraform";
import { phrase, type Phrase, type ReplyLanguage } from "../read/request-language";
import { parseRequestedValues, type RequestedValues } from "../read/request-values";
import { RDS_STORAGE_GB, SYSTEM_DISK_GIB, sizeWithin } from "../generate/resource-defaults";
import { readTwin, type TwinReading } from "./terraform-build/from-ros";
import { buildTerraform, type TerraformConfiguration } from "./terraform-builder";
import { checkTerraform } from "./terraform-check";

/**
 * HCL has no registered media type; `text/x-hcl` keeps it in the text/* tree, so any client that does
 * not know it still shows it as text, and the x- prefix marks it as unregistered.
 */
export const TERRAFORM_MEDIA_TYPE = "text/x-hcl";

export interface TerraformRenderInput {
  /** The turn's request, whose stated values the configuration is checked against. */
  text: string;
  language: ReplyLanguage;
  title: Phrase;
  /** What an edit changed (in the twin's words). */
  changes?: Phrase[];
  /** Values the twin could not take (apply-values.ts, template-edit.ts). */
  unsupported: readonly Phrase[];
  notes: readonly string[];
}

export interface RenderedTerraform {
  content: string;
  /** `type.name` of every resource, in declaration order. */
  resources: string[];
  summary: string;
}

/** The sources of the configuration's security group rules (`cidr_ip = "…"`). */
const RULE_SOURCE = /cidr_ip {1,20}= "([\d./]{1,18})"/g;
const QUOTED_RANGE = /"([\d./]{1,18})"/g;

/** A database's or cache's whitelist (`security_ips = ["10.0.0.0/8", …]`, one line): its ranges are written sources too. */
function whitelistSources(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.trimStart().startsWith("security_ips"))
    .flatMap((line) => Array.from(line.matchAll(QUOTED_RANGE), (range) => range[1] ?? ""));
}

/**
 * Values the turn's request states that the configuration does not carry (with those the twin could
 * not take, `unsupported`): all but counts, region, CIDR blocks, ports, all but counts, region, CIDR blocks, ports, the
 * bucket's name and settings (when there is a bucket), the source ranges its rules carry, the
 * database and Redis versions and storage, the ECS type and system disk size (when built, sizes
 * within their limits) and the EIPs' bandwidth (when there is an EIP).
 */
function terraformUnsupported(
  values: RequestedValues,
  unsupported: readonly Phrase[],
  { request, values: written, details }: TwinReading,
  configuration: TerraformConfiguration,
): Phrase[] {
  const named: Phrase[] = [...unsupported];
  const buckets = request.counts.oss > 0;
  const databases = request.counts.rds > 0 && request.counts.vpc > 0;
  const sources = new Set([...Array.from(configuration.text.matchAll(RULE_SOURCE), (match) => match[1]), ...whitelistSources(configuration.text)]);
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
    [
      unwritten(values.sizeSpec, written.ecsInstanceType === values.sizeSpec?.instanceType),
      phrase(`instance size ${values.sizeHint ?? ""}`, `实例大小 ${values.sizeHint ?? ""}`),
    ],
    [
      unwritten(values.backupRetentionDays, databases && details.rdsBackupRetention === values.backupRetentionDays),
      phrase(`backup retention ${values.backupRetentionDays ?? ""} days`, `备份保留 ${values.backupRetentionDays ?? ""} 天`),
    ],
    [
      unwritten(values.rdsStorageAutoScale, databases && details.rdsStorageAutoScale?.upperBound === values.rdsStorageAutoScale?.upperBound),
      phrase(
        `storage autoscaling up to ${values.rdsStorageAutoScale?.upperBound ?? ""} GB`,
        `存储自动扩容（上限 ${values.rdsStorageAutoScale?.upperBound ?? ""} GB）`,
      ),
    ],
    [unwritten(values.dataDisk, (details.dataDisks?.length ?? 0) > 0), phrase("the data disk", "数据盘")],
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
    [
      unwritten(values.bandwidth, request.counts.eip > 0 || details.ecsBandwidthOut === values.bandwidth),
      phrase(`bandwidth ${values.bandwidth ?? ""} Mbps`, `带宽 ${values.bandwidth ?? ""} Mbps`),
    ],
    [
      // A vSwitch's `zone_id` carries a zone the request names (kinds/vswitch/terraform.ts); a zone no vSwitch took is named.
      unwritten(
        values.zones.length > 0 ? values.zones : undefined,
        values.zones.every((zone) => configuration.text.includes(`zone_id      = "${zone}"`)),
      ),
      phrase(`zone ${values.zones.join(", ")}`, `可用区 ${values.zones.join("、")}`),
    ],
    [unwritten(values.bucketAcl, buckets), phrase(`bucket ACL ${values.bucketAcl ?? ""}`, `存储桶读写权限 ${values.bucketAcl ?? ""}`)],
    [
      unwritten(values.rdsInstanceClass, details.rdsClass === values.rdsInstanceClass),
      phrase(`database class ${values.rdsInstanceClass ?? ""}`, `数据库规格 ${values.rdsInstanceClass ?? ""}`),
    ],
    [
      unwritten(values.redisInstanceClass, details.redisClass === values.redisInstanceClass),
      phrase(`Redis class ${values.redisInstanceClass ?? ""}`, `Redis 规格 ${values.redisInstanceClass ?? ""}`),
    ],
    [values.ecsImageId, phrase(`image ${values.ecsImageId ?? ""}`, `镜像 ${values.ecsImageId ?? ""}`)],
  ];
  for (const [value, label] of stated) if (value !== undefined) named.push(label);
  return named;
}

const list = (items: readonly string[]) => items.map((item) => `- ${item}`);

function summaryLines(input: TerraformRenderInput, configuration: TerraformConfiguration, unsupported: readonly Phrase[]): string[] {
  const { language } = input;
  const zh = language === "zh";
  const variables = [...configuration.text.matchAll(/^variable "([\w-]+)"/gm)].map((match) => `\`${match[1] ?? ""}\``);
  const problems = checkTerraform(configuration.text);
  const changes = (input.changes ?? []).map((change) => change[language]);
  return [
    input.title[language],
    ...(changes.length > 0 ? ["", zh ? "**本次修改（在 ROS 形式中）：**" : "**Changes (made to the ROS form):**", ...list(changes)] : []),
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
            ? "**未写入 Terraform 配置（离线引擎的 Terraform 生成只处理数量、地域、网段、端口、来源网段、存储桶设置、引擎版本、实例规格、系统盘和数据库存储大小、数据库备份保留与存储自动扩容以及 EIP 带宽）：**"
            : "**Not expressed in the Terraform configuration (the offline Terraform builder handles counts, region, CIDR blocks, ports, source ranges, bucket settings, engine versions, instance type, system disk and database storage sizes, database backup retention and storage autoscaling, and EIP bandwidth only):**",
          ...list(unsupported.map((item) => item[language])),
        ]
      : []),
    ...(input.notes.length > 0 ? ["", "**Adjustments:**", ...list(input.notes)] : []),
    "",
    problems.length === 0
      ? zh
        ? "自检：括号配对，所有 resource、data source 和变量引用均已声明。"
        : "Self-check: brackets balanced and every resource, data source and variable reference is declared."
      : `${zh ? "自检发现问题：" : "Self-check found problems:"}\n${list(problems).join("\n")}`,
    "",
    zh
      ? "下一步：`terraform init && terraform plan`，或把目录打包成 ROS 模板（Transform Aliyun::OpenTofu-v1.8）通过 ROS 部署。"
      : "Next: `terraform init && terraform plan`, or package the directory as a ROS template (Transform Aliyun::OpenTofu-v1.8) to deploy it through ROS.",
  ];
}

/** The configuration a twin renders to, without a reply: what a Terraform conversation's file holds. */
export function terraformOfTwin(twin: Record<string, unknown>): TerraformConfiguration {
  return buildTerraform(readTwin(twin));
}

/** The configuration rendered from `twin`, with its reply. */
export function renderTerraform(twin: Record<string, unknown>, input: TerraformRenderInput): RenderedTerraform {
  const reading = readTwin(twin);
  const configuration = buildTerraform(reading);
  const unsupported = terraformUnsupported(parseRequestedValues(input.text), input.unsupported, reading, configuration);
  return { content: configuration.text, resources: configuration.resources, summary: summaryLines(input, configuration, unsupported).join("\n") };
}
