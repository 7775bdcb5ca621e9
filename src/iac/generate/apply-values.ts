/**
 * Writes the values a request states (`RequestedValues`) into a ROS template, for a new template
 * and for an edit alike: literals where the user gave a literal, parameter defaults where the value
 * is inventory-dependent (instance types, images, classes keep their console selector), an existing
 * VPC as a parameter instead of a new one. Every value applied is listed for the reply; every value
 * that cannot be applied is named, never dropped silently.
 */
import { BUCKET_NAME } from "../kinds/oss/bucket-name";
import { RDS_STORAGE_GB, SYSTEM_DISK_GIB } from "./resource-defaults";
import { rulesNotAdded, SECURITY_GROUP_RULES_MAX } from "../kinds/security-group/rule-quota";
import { switchEngine } from "./apply-engine";
import { applyBucketRules } from "./apply-bucket";
import { imagePick } from "../kinds/ecs/image-names";
import { applyHealthCheckPath } from "../kinds/slb/health-check";
import { applyLoadBalancerSpec } from "../kinds/slb/load-balancer-spec";
import { applyKeyPair } from "../kinds/ecs/key-pair";
import { applyBastionDesign } from "../kinds/security-group/bastion-design";
import { applyServerGroups } from "./server-groups";
import { splitExistingGroupRules } from "../kinds/security-group/existing-group-rules";
import { portsNamedIn, takesSourceRange } from "../kinds/security-group/source-range";
import type { DiskValue, RequestedValues } from "../read/request-values";
import type { BucketSettings } from "../kinds/values";
import type { SourceRule } from "../read/source-rules";
import { phrase, type Phrase } from "../read/request-language";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";
import { classForEdition } from "../kinds/rds/instance-class";
import type { RdsEngine } from "../read/infrastructure-request";

type Template = Record<string, unknown>;

export interface AppliedValues {
  applied: Phrase[];
  unsupported: Phrase[];
}

/** ECS data disks: 20–32768 GiB for ESSD and SSD cloud disks. */
const DATA_DISK_GIB = { min: 20, max: 32768 };
/** An ECS instance's own public IP: 0–100 Mbps outbound (InternetMaxBandwidthOut). */
const ECS_BANDWIDTH_MBPS = { max: 100 };
/** RDS data backups are kept 7–730 days (ALIYUN::RDS::DBInstance BackupRetentionPeriod). */
const BACKUP_RETENTION_DAYS = { min: 7, max: 730 };

function resourcesOf(template: Template, type: string): Record<string, unknown>[] {
  return Object.values(section(template, "Resources"))
    .filter((resource) => resourceType(resource) === type)
    .map(resourceProperties);
}

function parameter(template: Template, name: string): Record<string, unknown> | undefined {
  const value = section(template, "Parameters")[name];
  return isRecord(value) ? value : undefined;
}

function setDefault(template: Template, name: string, value: string, label: Phrase, out: AppliedValues): void {
  const definition = parameter(template, name);
  if (!definition) return;
  definition.Default = value;
  out.applied.push(phrase(`${label.en} ${value} (default of parameter \`${name}\`)`, `${label.zh} ${value}（参数 \`${name}\` 的默认值）`));
}

/** ECS attaches at most 16 data disks to an instance (the DiskMappings limit). */
const DATA_DISKS_PER_INSTANCE_MAX = 16;

function inRange(size: number, range: { min: number; max: number }, label: Phrase, out: AppliedValues): boolean {
  if (size >= range.min && size <= range.max) return true;
  out.unsupported.push(phrase(`${label.en} of ${size} GiB (allowed ${range.min}–${range.max})`, `${label.zh} ${size} GiB（允许 ${range.min}–${range.max}）`));
  return false;
}

/**
 * "4核8G": the default of the instance-type parameter is the 7th-generation type of that size
 * (kinds/ecs/index.ts), and the console selector stays, so a zone without it gets another of that size.
 */
/** "Ubuntu 22.04": the image parameter's default is the public image name pattern ROS resolves (kinds/ecs/image-names.ts). */
function applyImagePick(template: Template, hint: string, out: AppliedValues): void {
  const pick = imagePick(hint);
  const image = parameter(template, "EcsImageId");
  if (!pick || !image) return;
  image.Default = pick.pattern;
  image.Description = `Image of the ECS instances: ${pick.label} (the default is a public image name pattern; ROS picks the latest such image).`;
  out.applied.push(
    phrase(`image ${pick.label} (default of \`EcsImageId\`: \`${pick.pattern}\`)`, `镜像 ${pick.label}（参数 \`EcsImageId\` 的默认值：\`${pick.pattern}\`）`),
  );
}

/** "remove one of the data disks": the last N of each server's data disks go; a server with no more than N keeps none. */
function removeSomeDataDisks(instances: Record<string, unknown>[], count: number, out: AppliedValues): void {
  let removed = 0;
  for (const instance of instances) {
    if (!Array.isArray(instance.DiskMappings)) continue;
    const kept = instance.DiskMappings.slice(0, Math.max(0, instance.DiskMappings.length - count));
    removed += instance.DiskMappings.length - kept.length;
    if (kept.length > 0) instance.DiskMappings = kept;
    else delete instance.DiskMappings;
  }
  out.applied.push(
    removed > 0
      ? phrase(`${count} data disk(s) removed from each ECS instance (${removed} in all)`, `每台 ECS 实例移除 ${count} 块数据盘（共 ${removed} 块）`)
      : phrase("no data disk to remove: the ECS instances have none", "没有可移除的数据盘：ECS 实例没有数据盘"),
  );
}

function applySizeSpec(template: Template, spec: NonNullable<RequestedValues["sizeSpec"]>, out: AppliedValues): void {
  const definition = parameter(template, "EcsInstanceType");
  if (!definition) return;
  definition.Default = spec.instanceType;
  const size = `${spec.vcpus} vCPU / ${spec.memoryGib} GiB`;
  const which = spec.burstable
    ? phrase("the burstable t6 type of that size", "该大小的 t6 突发性能规格")
    : phrase("the 7th-generation type of that size", "该大小的第七代规格");
  out.applied.push(
    phrase(
      `${size} as instance type ${spec.instanceType} (default of parameter \`EcsInstanceType\`: ${which.en}; the selector offers the others of that size where the zone lacks it)`,
      `${size} 对应实例规格 ${spec.instanceType}（参数 \`EcsInstanceType\` 的默认值：${which.zh}；若可用区无货，可在选择器中换同等大小的其他规格）`,
    ),
  );
}

/** ESSD performance levels (ROS `PerformanceLevel` of a DiskMappings entry): only an ESSD has one. */
const ESSD_LEVELS: ReadonlySet<string> = new Set(["PL0", "PL1", "PL2", "PL3"]);

/** The performance level a disk is written with ("ESSD PL1"); on a disk that is no ESSD, named as not built. */
function performanceLevelOf(disk: DiskValue, category: string, out: AppliedValues, which = phrase("data disk", "数据盘")): string | undefined {
  const level = disk.performanceLevel;
  if (level === undefined || !ESSD_LEVELS.has(level)) return undefined;
  if (category === "cloud_essd") return level;
  out.unsupported.push(
    phrase(
      `performance level ${level} on a ${category} ${which.en} (only ESSD disks have one)`,
      `${category} ${which.zh}的性能级别 ${level}（只有 ESSD 云盘有性能级别）`,
    ),
  );
  return undefined;
}

/**
 * "40G system disk ESSD PL1": the system disks' `SystemDiskPerformanceLevel`. Only an ESSD has a
 * level, so the category selector keeps its console choice but offers ESSD alone (its default
 * `cloud_essd`); a level asked of another category is named as not built.
 */
function applySystemDiskLevel(template: Template, instances: Record<string, unknown>[], disk: DiskValue, out: AppliedValues): void {
  const selector = parameter(template, "EcsSystemDiskCategory");
  // "系统盘改成 cloud_ssd" on servers with an ESSD level: the level goes with the ESSD, and the selector offers every category again.
  if (disk.category !== undefined && disk.category !== "cloud_essd") {
    for (const instance of instances) delete instance.SystemDiskPerformanceLevel;
    if (selector) delete selector.AllowedValues;
  }
  const category = disk.category ?? "cloud_essd";
  const level = performanceLevelOf(disk, category, out, phrase("system disk", "系统盘"));
  if (!level) return;
  for (const instance of instances) instance.SystemDiskPerformanceLevel = level;
  if (selector) {
    selector.Default = "cloud_essd";
    selector.AllowedValues = ["cloud_essd"];
    selector.Description = `Category of the ECS system disks: ESSD, for performance level ${level}.`;
  }
  out.applied.push(phrase(`system disk ESSD performance level ${level}`, `系统盘 ESSD 性能级别 ${level}`));
}

/** The servers' data disks: each server gets the same ones, with the sizes, category and performance level asked for. */
function applyDataDisk(instances: Record<string, unknown>[], data: DiskValue, out: AppliedValues): void {
  const dataSize = data.size ?? 100;
  if (!inRange(dataSize, DATA_DISK_GIB, phrase("a data disk", "数据盘"), out)) return;
  const category = data.category ?? "cloud_essd";
  const count = Math.min(data.count ?? 1, DATA_DISKS_PER_INSTANCE_MAX);
  if ((data.count ?? 1) > DATA_DISKS_PER_INSTANCE_MAX)
    out.unsupported.push(
      phrase(
        `${data.count} data disks per server (ECS attaches at most ${DATA_DISKS_PER_INSTANCE_MAX}): ${DATA_DISKS_PER_INSTANCE_MAX} written`,
        `每台 ${data.count} 块数据盘（ECS 最多挂载 ${DATA_DISKS_PER_INSTANCE_MAX} 块）：已写 ${DATA_DISKS_PER_INSTANCE_MAX} 块`,
      ),
    );
  // "2 data disks: 100G and 500G": each disk its own size (each checked against the data disk range).
  const sizes = (data.sizes?.slice(0, count) ?? Array.from({ length: count }, () => dataSize)).filter((size) =>
    inRange(size, DATA_DISK_GIB, phrase("a data disk", "数据盘"), out),
  );
  const level = performanceLevelOf(data, category, out);
  for (const instance of instances)
    instance.DiskMappings = sizes.map((size) => ({ Category: category, Size: size, ...(level ? { PerformanceLevel: level } : {}), DeleteWithInstance: true }));
  const times = data.sizes ? "" : count > 1 ? `${count} × ` : "";
  const sizeText = data.sizes ? data.sizes.join(" + ") : String(dataSize);
  const levelText = level ? ` ${level}` : "";
  out.applied.push(
    phrase(
      `data disk ${times}${sizeText} GiB ${category}${levelText}${data.size === undefined ? " (no size given: 100 GiB)" : ""}`,
      `数据盘 ${times}${sizeText} GiB ${category}${levelText}${data.size === undefined ? "（未给出大小：100 GiB）" : ""}`,
    ),
  );
}

function applyEcs(template: Template, values: RequestedValues, out: AppliedValues): void {
  const instances = resourcesOf(template, "ALIYUN::ECS::Instance");
  if (instances.length === 0) return;
  if (values.ecsInstanceType) setDefault(template, "EcsInstanceType", values.ecsInstanceType, phrase("instance type", "实例规格"), out);
  else if (values.sizeSpec) applySizeSpec(template, values.sizeSpec, out);
  const typeParameter = parameter(template, "EcsInstanceType");
  if (values.sizeHint && typeParameter) typeParameter.Description = `Instance type of the ECS instances (requested: ${values.sizeHint}).`;
  if (values.ecsImageId) setDefault(template, "EcsImageId", values.ecsImageId, phrase("image", "镜像"), out);
  else if (values.imageHint && imagePick(values.imageHint)) applyImagePick(template, values.imageHint, out);
  else if (values.imageHint) {
    const image = parameter(template, "EcsImageId");
    if (image) image.Description = `Image of the ECS instances (requested: ${values.imageHint}).`;
    out.unsupported.push(
      phrase(
        `the image "${values.imageHint}" by name: the offline engine cannot look up image ids, so pick it in the \`EcsImageId\` selector`,
        `按名称指定镜像“${values.imageHint}”：离线引擎无法查询镜像 ID，请在 \`EcsImageId\` 选择器中选择`,
      ),
    );
  }
  if (values.systemDisk.category) setDefault(template, "EcsSystemDiskCategory", values.systemDisk.category, phrase("system disk category", "系统盘类型"), out);
  applySystemDiskLevel(template, instances, values.systemDisk, out);
  const size = values.systemDisk.size;
  if (size !== undefined && inRange(size, SYSTEM_DISK_GIB, phrase("a system disk", "系统盘"), out)) {
    for (const instance of instances) instance.SystemDiskSize = size;
    out.applied.push(phrase(`system disk ${size} GiB`, `系统盘 ${size} GiB`));
  }
  const keys = applyKeyPair(instances, values, () => dropParameter(template, "EcsPassword"));
  out.applied.push(...keys.applied);
  out.unsupported.push(...keys.unsupported);
  if (values.removeDataDiskCount !== undefined) removeSomeDataDisks(instances, values.removeDataDiskCount, out);
  if (values.removeDataDisks) {
    const with_ = instances.filter((instance) => instance.DiskMappings !== undefined);
    for (const instance of with_) delete instance.DiskMappings;
    out.applied.push(
      with_.length > 0
        ? phrase(`data disks removed from ${with_.length} ECS instance(s)`, `已从 ${with_.length} 台 ECS 实例移除数据盘`)
        : phrase("no data disk to remove: the ECS instances have none", "没有可移除的数据盘：ECS 实例没有数据盘"),
    );
  }
  if (values.dataDisk) applyDataDisk(instances, values.dataDisk, out);
  const hasPublicPath = resourcesOf(template, "ALIYUN::VPC::EIP").length + resourcesOf(template, "ALIYUN::SLB::LoadBalancer").length > 0;
  // "公网带宽5M", "10 Mbps public bandwidth" for servers without an EIP or a load balancer: their own public IP at that bandwidth.
  if (values.serverBandwidth !== undefined || ((values.publicAccess || values.bandwidth !== undefined) && !hasPublicPath)) {
    const bandwidth = values.serverBandwidth ?? values.bandwidth ?? 5;
    if (bandwidth > ECS_BANDWIDTH_MBPS.max) {
      out.unsupported.push(
        phrase(
          `a public bandwidth of ${bandwidth} Mbps on an ECS instance (at most ${ECS_BANDWIDTH_MBPS.max}; use an EIP or a load balancer for more)`,
          `ECS 公网带宽 ${bandwidth} Mbps（最多 ${ECS_BANDWIDTH_MBPS.max}；更高带宽请用 EIP 或负载均衡）`,
        ),
      );
      return;
    }

    // "one public with 10Mbps, one private": only the first servers (read/server-scopes.ts).
    const picked = values.publicServers !== undefined && values.publicServers < instances.length ? instances.slice(0, values.publicServers) : instances;
    for (const instance of picked) {
      instance.AllocatePublicIP = true;
      instance.InternetMaxBandwidthOut = bandwidth;
    }
    out.applied.push(
      picked.length < instances.length
        ? phrase(
            `a public IP with ${bandwidth} Mbps outbound bandwidth on ${picked.length} of the ${instances.length} ECS instances; the others private`,
            `${instances.length} 台 ECS 中 ${picked.length} 台分配公网 IP，出带宽 ${bandwidth} Mbps；其余为内网`,
          )
        : phrase(`a public IP with ${bandwidth} Mbps outbound bandwidth on each ECS instance`, `每台 ECS 分配公网 IP，出带宽 ${bandwidth} Mbps`),
    );
  }
}

/**
 * "autoscale up to 1000GB": the databases grow their own storage up to the bound, starting when the
 * threshold's share is free (kinds/rds/storage-autoscale.ts). A bound below the storage or above
 * RDS's largest is named, never written.
 */
function applyStorageAutoScale(databases: Record<string, unknown>[], values: RequestedValues, out: AppliedValues): void {
  const scale = values.rdsStorageAutoScale;
  if (!scale) return;
  if (databases.length === 0) {
    out.unsupported.push(phrase("storage autoscaling (there is no database to enable it on)", "存储自动扩容（没有可开启的数据库）"));
    return;
  }
  const storage = Math.max(...databases.map((database) => (typeof database.DBInstanceStorage === "number" ? database.DBInstanceStorage : RDS_STORAGE_GB.min)));
  if (scale.upperBound < storage || scale.upperBound > RDS_STORAGE_GB.max) {
    out.unsupported.push(
      phrase(
        `a storage autoscaling upper bound of ${scale.upperBound} GB (it must be from the storage, ${storage} GB, to ${RDS_STORAGE_GB.max} GB)`,
        `存储自动扩容上限 ${scale.upperBound} GB（须在存储空间 ${storage} GB 到 ${RDS_STORAGE_GB.max} GB 之间）`,
      ),
    );
    return;
  }
  for (const database of databases) {
    database.StorageAutoScale = "Enable";
    database.StorageThreshold = scale.threshold;
    database.StorageUpperBound = scale.upperBound;
  }
  const fallback = scale.thresholdDefault ? { en: " (a default: no threshold was given)", zh: "（默认值：未给出阈值）" } : { en: "", zh: "" };
  out.applied.push(
    phrase(
      `storage autoscaling up to ${scale.upperBound} GB, expanding when ${scale.threshold}% of the storage is free${fallback.en}`,
      `存储自动扩容，上限 ${scale.upperBound} GB，剩余空间 ${scale.threshold}% 时扩容${fallback.zh}`,
    ),
  );
}

function applyRds(template: Template, values: RequestedValues, out: AppliedValues): void {
  const databases = resourcesOf(template, "ALIYUN::RDS::DBInstance");
  if (databases.length === 0) {
    applyStorageAutoScale(databases, values, out);
    return;
  }
  const switched = values.rdsEngine ? switchEngine(template, databases, values.rdsEngine, values.rdsEngineVersion) : [];
  out.applied.push(...switched);
  if (values.rdsEngineVersion && switched.length === 0) {
    for (const database of databases) database.EngineVersion = values.rdsEngineVersion;
    const metadata = parameter(template, "RdsInstanceClass")?.AssociationPropertyMetadata;
    if (isRecord(metadata)) metadata.EngineVersion = values.rdsEngineVersion;
    out.applied.push(phrase(`engine version ${values.rdsEngineVersion}`, `引擎版本 ${values.rdsEngineVersion}`));
  }
  const storage = values.rdsStorage;
  if (storage !== undefined && inRange(storage, RDS_STORAGE_GB, phrase("database storage", "数据库存储"), out)) {
    for (const database of databases) database.DBInstanceStorage = storage;
    out.applied.push(phrase(`storage ${storage} GB`, `存储空间 ${storage} GB`));
  }
  applyStorageAutoScale(databases, values, out);
  if (values.rdsInstanceClass) setDefault(template, "RdsInstanceClass", values.rdsInstanceClass, phrase("instance class", "实例规格"), out);
  if (values.rdsEdition && databases.length > 0) {
    for (const database of databases) database.Category = values.rdsEdition;
    // The class spells the edition too (".1" basic, ".2c" high availability): re-spelt, unless the request named a class.
    const current = parameter(template, "RdsInstanceClass")?.Default;
    const engine = databases[0]?.Engine;
    const respelt =
      !values.rdsInstanceClass && typeof current === "string" && typeof engine === "string"
        ? classForEdition(engine as RdsEngine, current, values.rdsEdition)
        : undefined;
    if (respelt) setDefault(template, "RdsInstanceClass", respelt, phrase("instance class", "实例规格"), out);
    out.applied.push(values.rdsEdition === "Basic" ? phrase("basic edition", "基础版") : phrase("high-availability edition", "高可用版"));
  }
  if (values.rdsPort !== undefined && databases.length > 0) {
    for (const database of databases) database.Port = values.rdsPort;
    out.applied.push(phrase(`database port ${values.rdsPort}`, `数据库端口 ${values.rdsPort}`));
  }
  applySchemas(databases, values, out);
  const retention = values.backupRetentionDays;
  if (retention === undefined) return;
  if (retention < BACKUP_RETENTION_DAYS.min || retention > BACKUP_RETENTION_DAYS.max) {
    out.unsupported.push(
      phrase(
        `a backup retention of ${retention} days (RDS keeps backups ${BACKUP_RETENTION_DAYS.min}–${BACKUP_RETENTION_DAYS.max} days)`,
        `备份保留 ${retention} 天（RDS 备份保留 ${BACKUP_RETENTION_DAYS.min}–${BACKUP_RETENTION_DAYS.max} 天）`,
      ),
    );
    return;
  }
  for (const database of databases) database.BackupRetentionPeriod = retention;
  out.applied.push(phrase(`backups kept ${retention} days`, `备份保留 ${retention} 天`));
}

/** The character set each engine's databases are created with (`DBMappings[].CharacterSetName`). */
const CHARACTER_SETS: Readonly<Record<string, string>> = { MySQL: "utf8mb4", MariaDB: "utf8mb4", PostgreSQL: "UTF8", SQLServer: "Chinese_PRC_CI_AS" };

/** "with 2 databases: app_db and report_db, account admin_user": the databases inside each instance and its account (kinds/rds/schemas.ts). */
function applySchemas(databases: Record<string, unknown>[], values: RequestedValues, out: AppliedValues): void {
  if (databases.length === 0) return;
  if (values.rdsDatabases) {
    for (const database of databases)
      database.DBMappings = values.rdsDatabases.map((name) => ({ DBName: name, CharacterSetName: CHARACTER_SETS[String(database.Engine)] ?? "utf8mb4" }));
    const names = values.rdsDatabases.join(", ");
    out.applied.push(phrase(`databases ${names} in the instance`, `实例中的数据库 ${names}`));
  }
  if (values.rdsAccount) {
    for (const database of databases) database.MasterUsername = values.rdsAccount;
    out.applied.push(phrase(`administrator account ${values.rdsAccount}`, `管理员账号 ${values.rdsAccount}`));
  }
}

function applyOss(template: Template, values: RequestedValues, out: AppliedValues): void {
  const buckets = resourcesOf(template, "ALIYUN::OSS::Bucket");
  if (buckets.length === 0) return;
  if (values.bucketName) {
    if (BUCKET_NAME.test(values.bucketName)) {
      buckets.forEach((bucket, index) => (bucket.BucketName = index === 0 ? values.bucketName : `${values.bucketName}-${index + 1}`));
      dropParameter(template, "OssBucketNamePrefix");
      out.applied.push(
        phrase(
          `bucket name ${values.bucketName} (bucket names are global: creation fails if someone else has it)`,
          `存储桶名称 ${values.bucketName}（名称全局唯一，已被占用时创建会失败）`,
        ),
      );
    } else {
      out.unsupported.push(
        phrase(
          `the bucket name "${values.bucketName}" (3–63 lower-case letters, digits and hyphens)`,
          `存储桶名称“${values.bucketName}”（须为 3–63 位小写字母、数字和连字符）`,
        ),
      );
    }
  }
  // Every bucket takes the settings; they are said once.
  const said = buckets.map((bucket) => writeBucketSettings(bucket, values))[0] ?? [];
  out.applied.push(...said);
  // A scoped rule or transitions, and a static website (apply-bucket.ts).
  out.applied.push(...applyBucketRules(buckets, values.lifecycleRules, values.website, values.cors));
  applyOwnBucketSettings(buckets, values.bucketSettings, out);
  // Every bucket named by the request: the name prefix parameter names none.
  if (buckets.every((bucket) => typeof bucket.BucketName === "string")) dropParameter(template, "OssBucketNamePrefix");
}

/** A bucket's ACL, versioning, encryption and whole-bucket expiry, written into it; what was written, as said in the reply. */
function writeBucketSettings(bucket: Record<string, unknown>, settings: BucketSettings): Phrase[] {
  const said: Phrase[] = [];
  if (settings.bucketAcl) {
    bucket.AccessControl = settings.bucketAcl;
    said.push(phrase(`ACL ${settings.bucketAcl}`, `读写权限 ${settings.bucketAcl}`));
  }
  if (settings.versioning) {
    bucket.VersioningConfiguration = { Status: "Enabled" };
    said.push(phrase("versioning enabled", "已开启版本控制"));
  }
  if (settings.encryption) {
    bucket.ServerSideEncryptionConfiguration = { SSEAlgorithm: settings.encryption };
    said.push(phrase(`server-side encryption ${settings.encryption}`, `服务端加密 ${settings.encryption}`));
  }
  if (settings.lifecycleDays !== undefined && !settings.lifecycleRules) {
    bucket.LifecycleConfiguration = {
      Rule: [{ ID: `expire-after-${settings.lifecycleDays}-days`, Prefix: "", Status: "Enabled", Expiration: { Days: settings.lifecycleDays } }],
    };
    said.push(phrase(`objects expire after ${settings.lifecycleDays} days`, `对象 ${settings.lifecycleDays} 天后过期删除`));
  }
  return said;
}

/** "one for logs (private, delete after 90 days) and one for assets (public-read)": each bucket's own settings, over the shared ones. */
function applyOwnBucketSettings(buckets: Record<string, unknown>[], settings: readonly BucketSettings[] | undefined, out: AppliedValues): void {
  if (!settings || settings.length !== buckets.length) return;
  settings.forEach((own, index) => {
    const bucket = buckets[index];
    if (!bucket) return;
    // "一个私有的 backup，一个公共读的 static": a bucket's own name.
    const named = own.bucketName && BUCKET_NAME.test(own.bucketName) ? own.bucketName : undefined;
    if (named) bucket.BucketName = named;
    const name = named ? [phrase(`name ${named}`, `名称 ${named}`)] : [];
    const said = [...name, ...writeBucketSettings(bucket, own), ...applyBucketRules([bucket], own.lifecycleRules, own.website)];
    if (said.length > 0)
      out.applied.push(
        phrase(`bucket ${index + 1}: ${said.map((one) => one.en).join(", ")}`, `第 ${index + 1} 个存储桶：${said.map((one) => one.zh).join("，")}`),
      );
  });
}

function applyZones(template: Template, values: RequestedValues, out: AppliedValues): void {
  const zoneParameters = Object.keys(section(template, "Parameters")).filter((name) => /^ZoneId\d*$/.test(name));
  values.zones.forEach((zone, index) => {
    const name = zoneParameters[index];
    if (name) setDefault(template, name, zone, phrase("zone", "可用区"), out);
    else
      out.unsupported.push(
        phrase(`zone ${zone} (the template has only ${zoneParameters.length} zone(s))`, `可用区 ${zone}（模板只有 ${zoneParameters.length} 个可用区）`),
      );
  });
}

/** The VPC's own range as the template writes it in rules: the VPC's literal block, or the existing VPC's parameter. */
function isVpcRange(template: Template, source: unknown): boolean {
  if (isRecord(source)) return source.Ref === "VpcCidrBlock";
  return resourcesOf(template, "ALIYUN::ECS::VPC").some((vpc) => vpc.CidrBlock === source);
}

function ingressRules(template: Template): Record<string, unknown>[][] {
  return resourcesOf(template, "ALIYUN::ECS::SecurityGroup").map((group) =>
    Array.isArray(group.SecurityGroupIngress) ? (group.SecurityGroupIngress as Record<string, unknown>[]) : (group.SecurityGroupIngress = []),
  );
}

const fromPort = (rule: Record<string, unknown>) => Number(String(rule.PortRange ?? "").split("/")[0]);

/**
 * The range the user named replaces the default source of the rules it is for: public rules
 * (0.0.0.0/0), and the VPC-only rule of a port the request names ("port 3306 only from
 * 10.0.5.0/24"). Without a port named, every public rule. A range written with its own ports
 * ("3389 from 192.168.1.0/24, 8080 from 10.0.0.0/8") is for those ports only: their rules take it,
 * a second range for a port gets a rule of its own, and a port with no rule yet gets one.
 */
function applySourceRange(template: Template, values: RequestedValues, out: AppliedValues): void {
  applySshRange(template, values, out);
  applyWhitelists(template, values, out);
  const portRules = (values.sourceRules ?? []).filter((rule) => rule.ports.length > 0 || (rule.ranges?.length ?? 0) > 0);
  if (portRules.length > 0) {
    applyPortSources(template, portRules, out);
    applyRangeSources(template, portRules, out);
    return;
  }
  const range = values.sourceCidr;
  if (!range) return;
  const named = portsNamedIn(values.text);
  const narrows = (rule: Record<string, unknown>) =>
    takesSourceRange(fromPort(rule), rule.SourceCidrIp === "0.0.0.0/0", isVpcRange(template, rule.SourceCidrIp), named);
  let changed = false;
  for (const rules of ingressRules(template)) {
    for (const rule of rules) {
      if (!isRecord(rule) || !narrows(rule)) continue;
      rule.SourceCidrIp = range;
      rule.Description = `Port ${fromPort(rule)} from ${range}`;
      changed = true;
    }
  }
  if (changed) out.applied.push(phrase(`opened ports reachable only from ${range}`, `开放端口仅允许 ${range} 访问`));
}

/** Database and cache ports: a range written for one of them, or for none, is their whitelist. */
const WHITELISTS: readonly { type: string; property: string; ports: readonly number[]; product: SourceRule["for"]; label: Phrase }[] = [
  {
    type: "ALIYUN::RDS::DBInstance",
    property: "SecurityIPList",
    ports: [3306, 5432, 1433],
    product: "database",
    label: phrase("database whitelist", "数据库白名单"),
  },
  { type: "ALIYUN::REDIS::Instance", property: "SecurityIps", ports: [6379], product: "cache", label: phrase("Redis whitelist", "Redis 白名单") },
];

/**
 * "Redis only reachable from 10.0.1.0/24", "whitelist 10.1.0.0/16 and 10.2.0.0/16", "a 3306 rule
 * from 172.16.0.0/16": the ranges become the database's or cache's whitelist, replacing its default
 * (the VPC's range). A range whose clause names another port (a server's) is not theirs; with
 * servers in the template, a range without a port stays theirs.
 */
function applyWhitelists(template: Template, values: RequestedValues, out: AppliedValues): void {
  const servers = resourcesOf(template, "ALIYUN::ECS::Instance").length > 0;
  for (const whitelist of WHITELISTS) {
    const targets = resourcesOf(template, whitelist.type);
    if (targets.length === 0) continue;
    const ranges = (values.sourceRules ?? [])
      .filter((rule) => {
        if (rule.for) return rule.for === whitelist.product;
        // "MySQL on 3307 — whitelist 10.0.0.0/8": the database's own port counts as its port.
        const ports = whitelist.product === "database" && values.rdsPort !== undefined ? [...whitelist.ports, values.rdsPort] : whitelist.ports;
        return rule.ports.length === 0 ? !servers || WHITELIST_WORD.test(values.text) : rule.ports.some((port) => ports.includes(port));
      })
      .map((rule) => rule.cidr.replace(/\/32$/, ""));
    if (ranges.length === 0) continue;
    // "白名单加上 X", "also allow X to the database", "add X to the whitelist": the ranges join the list the database has.
    const adding = ADD_TO_WHITELIST.test(values.text);
    const kept = (target: Record<string, unknown>) =>
      adding && typeof target[whitelist.property] === "string"
        ? String(target[whitelist.property])
            .split(",")
            .filter((item) => item !== "")
        : [];
    const list = [...new Set(ranges)].join(",");
    for (const target of targets) target[whitelist.property] = [...new Set([...kept(target), ...ranges])].join(",");
    out.applied.push(phrase(`${whitelist.label.en} ${list}`, `${whitelist.label.zh} ${list}`));
  }
}

const WHITELIST_WORD = /whitelist|allowlist|白名单|reachable|访问/i;
const ADD_TO_WHITELIST =
  /白名单\s{0,2}(?:加上|添加|增加|加入|加)|(?:加上|添加|增加|加入)[^，。；,;\n]{0,16}白名单|\badd\b[^,.;\n]{0,24}\b(?:whitelist|allowlist)\b|\balso allow\b/i;

/** A group's ingress rules by their first port, kept as rules are added: each port is looked up, not searched for. */
function rulesByPort(rules: readonly unknown[]): Map<number, Record<string, unknown>[]> {
  const byPort = new Map<number, Record<string, unknown>[]>();
  for (const rule of rules) {
    if (!isRecord(rule)) continue;
    const port = fromPort(rule);
    const same = byPort.get(port);
    if (same) same.push(rule);
    else byPort.set(port, [rule]);
  }
  return byPort;
}

function applyPortSources(template: Template, portRules: readonly SourceRule[], out: AppliedValues): void {
  const groups = ingressRules(template).map((rules) => ({ rules, byPort: rulesByPort(rules) }));
  if (groups.length === 0) return;
  const claimed = new Set<Record<string, unknown>>();
  let left = 0;
  for (const { ports, cidr } of portRules) {
    for (const port of ports) {
      let placed = false;
      for (const { rules, byPort } of groups) {
        const known = byPort.get(port);
        const same = known ?? [];
        if (same.some((rule) => rule.SourceCidrIp === cidr)) {
          placed = true;
          continue;
        }
        const open = same.find((rule) => !claimed.has(rule) && (rule.SourceCidrIp === "0.0.0.0/0" || isVpcRange(template, rule.SourceCidrIp)));
        if (!open && rules.length >= SECURITY_GROUP_RULES_MAX) continue;
        const rule = open ?? { IpProtocol: "tcp", PortRange: `${port}/${port}`, Policy: "accept", Priority: 1 };
        rule.SourceCidrIp = cidr;
        rule.Description = `Port ${port} from ${cidr}`;
        claimed.add(rule);
        placed = true;
        if (!open) {
          rules.push(rule);
          if (known) known.push(rule);
          else byPort.set(port, [rule]);
        }
      }
      if (placed) out.applied.push(phrase(`port ${port} reachable from ${cidr}`, `端口 ${port} 允许 ${cidr} 访问`));
      else left += 1;
    }
  }
  if (left > 0) out.unsupported.push(rulesNotAdded(left));
}

/**
 * "open 3000-3010/tcp to 203.0.113.0/24": a range of ports written with its source; its rule (one per
 * group, built open to all) takes the source, or a rule is added for it.
 */
function applyRangeSources(template: Template, portRules: readonly SourceRule[], out: AppliedValues): void {
  for (const { ranges, cidr } of portRules) {
    for (const [from, to] of ranges ?? []) {
      const portRange = `${from}/${to}`;
      let placed = false;
      for (const rules of ingressRules(template)) {
        if (rules.some((rule) => isRecord(rule) && rule.PortRange === portRange && rule.SourceCidrIp === cidr)) {
          placed = true;
          continue;
        }
        const open = rules.find(
          (rule) => isRecord(rule) && rule.PortRange === portRange && (rule.SourceCidrIp === "0.0.0.0/0" || isVpcRange(template, rule.SourceCidrIp)),
        );
        if (open) Object.assign(open, { SourceCidrIp: cidr, Description: `Ports ${from}-${to} from ${cidr}` });
        else if (rules.length < SECURITY_GROUP_RULES_MAX)
          rules.push({
            IpProtocol: "tcp",
            PortRange: portRange,
            SourceCidrIp: cidr,
            Policy: "accept",
            Priority: 1,
            Description: `Ports ${from}-${to} from ${cidr}`,
          });
        else continue;
        placed = true;
      }
      if (placed) out.applied.push(phrase(`ports ${from}-${to} reachable from ${cidr}`, `端口 ${from}-${to} 允许 ${cidr} 访问`));
      else out.unsupported.push(rulesNotAdded(1));
    }
  }
}

/**
 * SSH asked for from a named range: a rule for that range, next to SSH from inside the VPC; "SSH
 * only from …" replaces the other SSH rules (the default one from the VPC, or one open to all).
 */
/** "22 from bastion sg-…": the port's rule admits that group (`SourceGroupId`); "only" removes the port's other rules. */
function applySourceGroups(template: Template, values: RequestedValues, out: AppliedValues): void {
  for (const { port, groupId, only } of values.sourceGroupRules ?? []) {
    const range = `${port}/${port}`;
    for (const rules of ingressRules(template)) {
      if (only)
        for (const other of rules.filter((rule) => isRecord(rule) && rule.PortRange === range && rule.SourceGroupId !== groupId))
          rules.splice(rules.indexOf(other), 1);
      if (rules.some((rule) => isRecord(rule) && rule.PortRange === range && rule.SourceGroupId === groupId)) continue;
      rules.push({
        IpProtocol: "tcp",
        PortRange: range,
        SourceGroupId: groupId,
        Policy: "accept",
        Priority: 1,
        Description: `Port ${port} from security group ${groupId}`,
      });
    }
    out.applied.push(
      phrase(`port ${port} reachable ${only ? "only " : ""}from security group ${groupId}`, `端口 ${port} ${only ? "仅" : ""}允许安全组 ${groupId} 访问`),
    );
  }
}

function applySshRange(template: Template, values: RequestedValues, out: AppliedValues): void {
  if (!values.sshCidr) return;
  const ranges = values.sshCidrs ?? [values.sshCidr];
  let changed = false;
  let replaced = 0;
  for (const rules of ingressRules(template)) {
    if (values.sshOnly) {
      const others = rules.filter((rule) => isRecord(rule) && rule.PortRange === "22/22" && !ranges.includes(String(rule.SourceCidrIp)));
      replaced += others.length;
      for (const other of others) rules.splice(rules.indexOf(other), 1);
    }
    for (const range of ranges) {
      if (rules.some((rule) => isRecord(rule) && rule.PortRange === "22/22" && rule.SourceCidrIp === range)) continue;
      rules.push({ IpProtocol: "tcp", PortRange: "22/22", SourceCidrIp: range, Policy: "accept", Priority: 1, Description: `SSH from ${range}` });
      changed = true;
    }
  }
  const list = ranges.join(", ");
  if (replaced > 0) out.applied.push(phrase(`SSH allowed only from ${list} (the other SSH rules removed)`, `SSH 仅允许 ${list} 访问（已删除其他 SSH 规则）`));
  else if (changed) out.applied.push(phrase(`SSH allowed from ${list}`, `允许 ${list} 通过 SSH 访问`));
}

/** "an ECS named web-01": the server's name; several servers are "web-01-1", "web-01-2"… */
function applyServerName(template: Template, values: RequestedValues, out: AppliedValues): void {
  const name = values.ecsInstanceName;
  const servers = resourcesOf(template, "ALIYUN::ECS::Instance");
  if (!name || servers.length === 0) return;
  servers.forEach((server, index) => {
    server.InstanceName = servers.length === 1 ? name : `${name}-${index + 1}`;
  });
  out.applied.push(phrase(`server name ${name}`, `服务器名称 ${name}`));
}

/**
 * "ICMP from anywhere", "allow ping from 10.0.0.0/8": an ICMP rule (ports -1/-1) per source in every
 * group, none written keeping it inside the VPC, as SSH is; a source the group admits already is kept.
 */
function applyIcmp(template: Template, values: RequestedValues, out: AppliedValues): void {
  if (values.icmpSources === undefined) return;
  const groups = ingressRules(template);
  const vpc = resourcesOf(template, "ALIYUN::ECS::VPC")[0]?.CidrBlock;
  const sources = values.icmpSources.length > 0 ? values.icmpSources : typeof vpc === "string" ? [vpc] : [];
  if (groups.length === 0 || sources.length === 0) {
    out.unsupported.push(phrase("ICMP (ping): the template has no security group of its own to allow it in", "ICMP（ping）：模板中没有可添加规则的安全组"));
    return;
  }
  let full = 0;
  for (const rules of groups) {
    for (const source of sources) {
      if (rules.some((rule) => isRecord(rule) && rule.IpProtocol === "icmp" && rule.SourceCidrIp === source)) continue;
      if (rules.length >= SECURITY_GROUP_RULES_MAX) {
        full += 1;
        continue;
      }
      const from = source === "0.0.0.0/0" ? "the Internet" : source === vpc ? "inside the VPC" : source;
      rules.push({ IpProtocol: "icmp", PortRange: "-1/-1", SourceCidrIp: source, Policy: "accept", Priority: 1, Description: `ICMP (ping) from ${from}` });
    }
  }
  if (full > 0) out.unsupported.push(rulesNotAdded(full));
  const list = sources.join(", ");
  out.applied.push(phrase(`ICMP (ping) allowed from ${list}`, `允许 ${list} 的 ICMP（ping）`));
}

function dropParameter(template: Template, name: string): void {
  delete section(template, "Parameters")[name];
  const groups = (section(template, "Metadata")["ALIYUN::Interface"] as { ParameterGroups?: { Parameters: string[] }[] } | undefined)?.ParameterGroups;
  if (!Array.isArray(groups)) return;
  for (const group of groups) group.Parameters = group.Parameters.filter((parameterName) => parameterName !== name);
  const kept = groups.filter((group) => group.Parameters.length > 0);
  groups.length = 0;
  groups.push(...kept);
}

/** "pay by bandwidth": every EIP, and every server with a public IP of its own, billed by bandwidth. */
function applyBandwidthBilling(template: Template, values: RequestedValues, out: AppliedValues): void {
  if (!values.billedByBandwidth) return;
  const eips = resourcesOf(template, "ALIYUN::VPC::EIP");
  const servers = resourcesOf(template, "ALIYUN::ECS::Instance").filter((server) => Number(server.InternetMaxBandwidthOut ?? 0) > 0);
  for (const address of [...eips, ...servers]) address.InternetChargeType = "PayByBandwidth";
  if (eips.length + servers.length > 0)
    out.applied.push(phrase("public bandwidth billed by bandwidth (PayByBandwidth)", "公网按固定带宽计费（PayByBandwidth）"));
}

function applyBandwidth(template: Template, values: RequestedValues, out: AppliedValues): void {
  applyBandwidthBilling(template, values, out);
  const eips = resourcesOf(template, "ALIYUN::VPC::EIP");
  if (values.bandwidth === undefined || eips.length === 0) return;
  for (const eip of eips) eip.Bandwidth = values.bandwidth;
  out.applied.push(phrase(`EIP bandwidth ${values.bandwidth} Mbps`, `EIP 带宽 ${values.bandwidth} Mbps`));
}

function applyRedisVersion(template: Template, values: RequestedValues, out: AppliedValues): void {
  const caches = resourcesOf(template, "ALIYUN::REDIS::Instance");
  if (!values.redisEngineVersion || caches.length === 0) return;
  for (const cache of caches) cache.EngineVersion = values.redisEngineVersion;
  out.applied.push(phrase(`Redis version ${values.redisEngineVersion}`, `Redis 版本 ${values.redisEngineVersion}`));
}

/** "one public with 10Mbps, one private": the servers after the first `count` lose their public address. */
function keepPublicOnFirst(template: Template, count: number): void {
  const servers = resourcesOf(template, "ALIYUN::ECS::Instance");
  for (const server of servers.slice(count)) {
    delete server.InternetMaxBandwidthOut;
    server.AllocatePublicIP = false;
  }
}

/** The resources that carry `DeletionProtection` here: the databases and the servers (what a release would lose). */
const PROTECTED_TYPES = ["ALIYUN::RDS::DBInstance", "ALIYUN::ECS::Instance"] as const;

/** "RDS … deletion protection on": every database and server cannot be released until it is turned off. */
function applyDeletionProtection(template: Template, out: AppliedValues): void {
  const protectedOnes = PROTECTED_TYPES.flatMap((type) => resourcesOf(template, type));
  if (protectedOnes.length === 0) {
    out.unsupported.push(phrase("deletion protection (only databases and servers carry it here)", "删除保护（这里只有数据库和服务器能设置）"));
    return;
  }
  for (const resource of protectedOnes) resource.DeletionProtection = true;
  out.applied.push(phrase("deletion protection on the databases and servers", "数据库和服务器开启删除保护"));
}

export function applyRequestedValues(template: Template, values: RequestedValues): AppliedValues {
  const out: AppliedValues = { applied: [], unsupported: [...values.unsupported] };
  applyEcs(template, values, out);
  applyServerName(template, values, out);
  applyRds(template, values, out);
  if (values.redisInstanceClass) setDefault(template, "RedisInstanceClass", values.redisInstanceClass, phrase("Redis class", "Redis 规格"), out);
  applyRedisVersion(template, values, out);
  if (values.healthCheckPath) {
    const health = applyHealthCheckPath(template, values.healthCheckPath);
    out.applied.push(...health.applied);
    out.unsupported.push(...health.unsupported);
  }
  if (values.slbSpec) {
    const spec = applyLoadBalancerSpec(template, values.slbSpec);
    out.applied.push(...spec.applied);
    out.unsupported.push(...spec.unsupported);
  }
  applyOss(template, values, out);
  applyZones(template, values, out);
  applySourceRange(template, values, out);
  applySourceGroups(template, values, out);
  applyIcmp(template, values, out);
  applyBandwidth(template, values, out);
  if (values.deletionProtection) applyDeletionProtection(template, out);
  // "cert id 1234567890abcdef": the HTTPS listener's certificate parameter defaults to it.
  if (values.certificateId) setDefault(template, "SlbServerCertificateId", values.certificateId, phrase("server certificate", "服务器证书"), out);
  if (values.publicServers !== undefined) keepPublicOnFirst(template, values.publicServers);
  if (values.bastions !== undefined) applyBastionDesign(template, values.bastions, out.applied, values.bastionInstanceType, values.bastionPorts);
  // "3 master nodes 4c8g and 5 worker nodes 8c32g": each role its own type and names (server-groups.ts).
  if (values.serverGroups) applyServerGroups(template, values.serverGroups, values.text, out.applied);
  splitExistingGroupRules(template);
  return out;
}

export { dropParameter };
