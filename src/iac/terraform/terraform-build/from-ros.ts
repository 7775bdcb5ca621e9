/**
 * The Terraform configuration's "ROS twin" (issue 19 item 4): every Terraform configuration the
 * offline engine writes is rendered from a ROS template of the same infrastructure, and that
 * template is the conversation's memory. This file reads the twin into what the Terraform builders
 * take: the counts per kind, the region, the address plan, the values each kind's builder writes,
 * the security group's ingress rules and the load balancers' listeners.
 *
 * Why from the twin and not from the request text: an edit ("change 443 to 8443", "add a Redis")
 * is made to the twin by the ROS editor (template-edit.ts), and the configuration is rendered from
 * the edited twin by the same path as the first turn's, so Terraform follow-ups mean what ROS
 * follow-ups mean and nothing the user did not ask to change moves. Where the twin holds a value
 * of several resources of a kind (each ECS instance its own disk size), the first one is read: the
 * builders write one value per kind, as the generator does.
 */
import { type CidrBlock, cidrContains, parseCidr } from "../../read/cidr";
import type { LifecycleRule, StorageClass } from "../../kinds/oss/lifecycle";
import type { InfrastructureRequest, RdsEngine } from "../../read/infrastructure-request";
import { dependentsOf, KINDS, type ResourceKind } from "../../kinds";
import type { BucketSettings, RequestedValues } from "../../kinds/values";
import type { PortMapping } from "../../read/port-mappings";
import type { IngressRule, TwinDetails } from "./build";
import { currentCounts, listenerMappingsOf, namesOfType, regionSuffix } from "../../edit/template-inventory";
import { SERVERS_GROUP } from "../../kinds/security-group/bastion-design";
import { functionCallName, resourceProperties, resourceType, section } from "../../template/template-model";
import { isRecord } from "../../template/template-parser";

type Template = Record<string, unknown>;

export interface TwinReading {
  request: InfrastructureRequest;
  /** The values the builders write, as the twin holds them (not as a request stated them). */
  values: RequestedValues;
  rules: IngressRule[];
  listeners: PortMapping[];
  details: TwinDetails;
}

/** The engine's default VPC range (generation-request.ts), for a twin that names none. */
const DEFAULT_VPC_CIDR = "192.168.0.0/16";

const RDS_ENGINES: ReadonlySet<string> = new Set(["MySQL", "PostgreSQL", "SQLServer", "MariaDB"]);

/** A property's value, or its parameter's default when it is a `Ref` to a parameter. */
function literal(template: Template, value: unknown): unknown {
  if (!isRecord(value) || functionCallName(value) !== "Ref" || typeof value.Ref !== "string") return value;
  const parameter = section(template, "Parameters")[value.Ref];
  return isRecord(parameter) ? parameter.Default : undefined;
}

/** The properties of the first resource of a kind. */
function firstOf(template: Template, kind: ResourceKind): Record<string, unknown> {
  const name = namesOfType(template, KINDS[kind].rosType)[0];
  return name === undefined ? {} : resourceProperties(section(template, "Resources")[name]);
}

const text = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

function regionOf(template: Template): string | undefined {
  const description = typeof template.Description === "string" ? template.Description : "";
  return /^ Region: ([a-z]+-[a-z0-9-]+?)(?=[\s.(]|$)/.exec(regionSuffix(description))?.[1];
}

function cidrOf(template: Template, value: unknown): CidrBlock | undefined {
  const cidr = text(literal(template, value));
  return cidr === undefined ? undefined : parseCidr(cidr);
}

/**
 * The VPC's range: its block, or the `VpcCidrBlock` default of a twin in an existing VPC; without
 * either, the /16 around the vSwitches (so they stay inside the VPC the configuration writes), else
 * the engine's default.
 */
function vpcCidrOf(template: Template, vswitches: readonly CidrBlock[]): CidrBlock {
  const stated = cidrOf(template, firstOf(template, "vpc").CidrBlock) ?? cidrOf(template, { Ref: "VpcCidrBlock" });
  if (stated) return stated;
  const [a, b] = vswitches[0]?.text.split(".") ?? [];
  const around = a !== undefined && b !== undefined ? parseCidr(`${a}.${b}.0.0/16`) : undefined;
  return around && vswitches.every((block) => cidrContains(around, block)) ? around : (parseCidr(DEFAULT_VPC_CIDR) as CidrBlock);
}

/** Each load balancer's own listener ports, when the twin gives them different ones ("one public on 443, one internal on 8080"). */
function slbListenerPortsOf(template: Template): Pick<InfrastructureRequest, "slbListenerPorts"> {
  const resources = section(template, "Resources");
  const balancers = namesOfType(template, KINDS.slb.rosType);
  const ports = balancers.map((balancer) =>
    namesOfType(template, "ALIYUN::SLB::Listener")
      .map((name) => resourceProperties(resources[name]))
      .filter((listener) => isRecord(listener.LoadBalancerId) && listener.LoadBalancerId.Ref === balancer)
      .map((listener) => Number(listener.ListenerPort)),
  );
  const same = ports.every((list) => JSON.stringify(list) === JSON.stringify(ports[0]));
  return balancers.length > 1 && !same ? { slbListenerPorts: ports } : {};
}

/** The twin's load balancers' scopes: all internal, or which of them are ("one public …, one internal …"). */
function slbScopesOf(template: Template): Pick<InfrastructureRequest, "internalSlb" | "internalSlbPositions"> {
  const resources = section(template, "Resources");
  const scopes = namesOfType(template, KINDS.slb.rosType).map((name) => resourceProperties(resources[name]).AddressType === "intranet");
  if (!scopes.includes(true)) return {};
  return scopes.every(Boolean)
    ? { internalSlb: true }
    : { internalSlb: true, internalSlbPositions: scopes.flatMap((internal, index) => (internal ? [index] : [])) };
}

/** The ingress rules of one of the twin's groups (its first by default) with a source range, in order (rules from another security group are not read). */
export function ingressRulesOf(template: Template, group = namesOfType(template, KINDS.securityGroup.rosType)[0]): IngressRule[] {
  const rules = group === undefined ? undefined : resourceProperties(section(template, "Resources")[group]).SecurityGroupIngress;
  return (Array.isArray(rules) ? rules : []).flatMap((rule) => ruleOf(template, rule));
}

/** One rule with a source range, or from a group named by its id ("22 from bastion sg-…"); a rule from a group of the template is the bastion design's (serversGroupOf). */
function ruleOf(template: Template, rule: unknown): IngressRule[] {
  if (!isRecord(rule)) return [];
  const range = /^(-?\d{1,5})\/(-?\d{1,5})$/.exec(String(literal(template, rule.PortRange) ?? ""));
  const cidr = text(literal(template, rule.SourceCidrIp));
  const group = typeof rule.SourceGroupId === "string" && rule.SourceGroupId.startsWith("sg-") ? rule.SourceGroupId : undefined;
  if (!range || (cidr === undefined && group === undefined)) return [];
  const protocol = (text(rule.IpProtocol) ?? "tcp").toLowerCase();
  return [{ protocol, from: Number(range[1]), to: Number(range[2]), cidr: cidr ?? "", ...(group ? { sourceGroupId: group } : {}) }];
}

/** The twin's rules on a group the user already has (one `SecurityGroupIngress` each): the group's id and the rules, in order. */
function existingGroupRulesOf(template: Template): TwinDetails["existingGroupRules"] {
  const rules = namesOfType(template, "ALIYUN::ECS::SecurityGroupIngress").map((name) => resourceProperties(section(template, "Resources")[name]));
  const groupId = text(literal(template, rules[0]?.SecurityGroupId));
  return groupId === undefined ? undefined : { groupId, rules: rules.flatMap((rule) => ruleOf(template, rule)) };
}

/** The servers' group of a bastion's design, when the twin has one: its rules, the login ports it admits from the bastion's group, how many servers are bastions. */
function serversGroupOf(template: Template): TwinDetails["serversGroup"] {
  const resources = section(template, "Resources");
  if (resourceType(resources[SERVERS_GROUP]) !== KINDS.securityGroup.rosType) return undefined;
  const ingress = resourceProperties(resources[SERVERS_GROUP]).SecurityGroupIngress;
  const fromBastion = (Array.isArray(ingress) ? ingress : []).flatMap((rule) =>
    isRecord(rule) && rule.SourceGroupId !== undefined ? [Number(String(rule.PortRange).split("/")[0])] : [],
  );
  const servers = namesOfType(template, KINDS.ecs.rosType).map((name) => resourceProperties(resources[name]));
  const bastions = servers.filter((server) => !(isRecord(server.SecurityGroupId) && server.SecurityGroupId.Ref === SERVERS_GROUP)).length;
  // "ecs.t6-c1m2.large for the jump server": the bastion's own type, when it differs from the other servers'.
  const bastionType = text(literal(template, servers[0]?.InstanceType));
  const othersType = text(literal(template, servers[bastions]?.InstanceType));
  return {
    bastions,
    rules: ingressRulesOf(template, SERVERS_GROUP),
    fromBastion,
    ...(bastionType && bastionType !== othersType ? { bastionInstanceType: bastionType } : {}),
  };
}

/** The positions of the servers the twin's load balancer has as backends, when only some of them are (a role it fronts: generate/server-groups.ts). */
function backendPositions(template: Template): number[] | undefined {
  const resources = section(template, "Resources");
  const servers = namesOfType(template, KINDS.ecs.rosType);
  const [attachment] = namesOfType(template, "ALIYUN::SLB::BackendServerAttachment").map((name) => resourceProperties(resources[name]));
  const listed = Array.isArray(attachment?.BackendServers) ? attachment.BackendServers : [];
  const behind = new Set(listed.flatMap((entry) => (isRecord(entry) && isRecord(entry.ServerId) ? [String(entry.ServerId.Ref)] : [])));
  const positions = servers.flatMap((name, index) => (behind.has(name) ? [index] : []));
  return positions.length > 0 && positions.length < servers.length ? positions : undefined;
}

/** Every bucket's own values, when the twin's buckets differ (the first one's stand for all otherwise). */
function bucketValues(template: Template): Partial<RequestedValues> {
  const resources = section(template, "Resources");
  const each = namesOfType(template, KINDS.oss.rosType).map((name) => oneBucketValues(resourceProperties(resources[name])));
  const first = bucketValuesOf(firstOf(template, "oss"));
  const differ = each.some((values) => JSON.stringify(values) !== JSON.stringify(each[0]));
  return differ ? { ...first, bucketSettings: each } : first;
}

function oneBucketValues(bucket: Record<string, unknown>): BucketSettings {
  const { bucketAcl, versioning, encryption, lifecycleDays, lifecycleRules, bucketName } = bucketValuesOf(bucket);
  return {
    ...(bucketName ? { bucketName } : {}),
    ...(bucketAcl ? { bucketAcl } : {}),
    ...(versioning ? { versioning } : {}),
    ...(encryption ? { encryption } : {}),
    ...(lifecycleDays !== undefined ? { lifecycleDays } : {}),
    ...(lifecycleRules ? { lifecycleRules } : {}),
  };
}

function bucketValuesOf(bucket: Record<string, unknown>): Partial<RequestedValues> {
  const acl = text(bucket.AccessControl);
  const versioning = isRecord(bucket.VersioningConfiguration) && bucket.VersioningConfiguration.Status === "Enabled";
  const encryption = isRecord(bucket.ServerSideEncryptionConfiguration) ? text(bucket.ServerSideEncryptionConfiguration.SSEAlgorithm) : undefined;
  const rules = isRecord(bucket.LifecycleConfiguration) ? bucket.LifecycleConfiguration.Rule : undefined;
  const firstRule = Array.isArray(rules) ? rules[0] : undefined;
  const days = isRecord(firstRule) && isRecord(firstRule.Expiration) ? count(firstRule.Expiration.Days) : undefined;
  const name = text(bucket.BucketName);
  return {
    ...(name ? { bucketName: name } : {}),
    ...(acl === "private" || acl === "public-read" || acl === "public-read-write" ? { bucketAcl: acl } : {}),
    ...(versioning ? { versioning } : {}),
    ...(encryption === "AES256" || encryption === "KMS" ? { encryption } : {}),
    ...(days !== undefined ? { lifecycleDays: days } : {}),
    ...scopedRulesOf(Array.isArray(rules) ? rules : [], days),
    ...websiteOf(bucket.WebsiteConfiguration),
    ...corsConfigurationOf(bucket.CORSConfiguration),
  };
}

/** Rules with a prefix or transitions are written whole (kinds/oss/lifecycle.ts); a lone whole-bucket expiry stays `lifecycleDays`. */
function scopedRulesOf(rules: readonly unknown[], days: number | undefined): Partial<RequestedValues> {
  // Beside other rules, a whole-bucket expiry is one rule of the list, not `lifecycleDays`.
  const several = rules.length > 1;
  const scoped = rules.flatMap((rule, index) => scopedRuleOf(rule, index === 0 ? days : expiryOf(rule), several));
  return scoped.length > 0 ? { lifecycleRules: scoped } : {};
}

function expiryOf(rule: unknown): number | undefined {
  return isRecord(rule) && isRecord(rule.Expiration) ? count(rule.Expiration.Days) : undefined;
}

function scopedRuleOf(rule: unknown, days: number | undefined, several: boolean): LifecycleRule[] {
  if (!isRecord(rule)) return [];
  const prefix = text(rule.Prefix) ?? "";
  const transitions = (Array.isArray(rule.Transition) ? rule.Transition : []).flatMap((item: unknown) => {
    if (!isRecord(item)) return [];
    const transitionDays = count(item.Days);
    const storageClass = text(item.StorageClass);
    return transitionDays !== undefined && (storageClass === "IA" || storageClass === "Archive" || storageClass === "ColdArchive")
      ? [{ days: transitionDays, storageClass: storageClass as StorageClass }]
      : [];
  });
  if (prefix === "" && transitions.length === 0 && !(several && days !== undefined)) return [];
  return [{ prefix, ...(days !== undefined ? { expireDays: days } : {}), transitions }];
}

/** The twin's first CORS rule: its origins and methods. */
function corsConfigurationOf(configuration: unknown): Partial<RequestedValues> {
  const rule = isRecord(configuration) && Array.isArray(configuration.CORSRule) ? configuration.CORSRule[0] : undefined;
  if (!isRecord(rule)) return {};
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : []);
  return { cors: { origins: list(rule.AllowedOrigin), methods: list(rule.AllowedMethod), anyOrigin: false } };
}

function websiteOf(configuration: unknown): Partial<RequestedValues> {
  if (!isRecord(configuration)) return {};
  const indexDocument = text(configuration.IndexDocument);
  const errorDocument = text(configuration.ErrorDocument);
  return indexDocument ? { website: { indexDocument, ...(errorDocument ? { errorDocument } : {}), defaultIndex: false } } : {};
}

/** The zones the twin's vSwitches are placed in, in order: each vSwitch's `ZoneId`, a literal or its parameter's default. */
function zonesOf(template: Template): string[] {
  const resources = section(template, "Resources");
  return namesOfType(template, KINDS.vswitch.rosType)
    .map((name) => text(literal(template, resourceProperties(resources[name]).ZoneId)))
    .filter((zone): zone is string => zone !== undefined);
}

/** The first server of the servers' group of a bastion's design; the first server without one. */
function serverOfGroup(template: Template): Record<string, unknown> {
  const resources = section(template, "Resources");
  const servers = namesOfType(template, KINDS.ecs.rosType).map((name) => resourceProperties(resources[name]));
  return servers.find((server) => isRecord(server.SecurityGroupId) && server.SecurityGroupId.Ref === SERVERS_GROUP) ?? servers[0] ?? {};
}

function valuesOf(template: Template): RequestedValues {
  const ecs = firstOf(template, "ecs");
  const rds = firstOf(template, "rds");
  return {
    // With a bastion's design, the servers' type is that of the first server in their group, not the bastion's.
    ecsInstanceType: text(literal(template, serverOfGroup(template).InstanceType ?? ecs.InstanceType)),
    systemDisk: { size: count(literal(template, ecs.SystemDiskSize)) },
    rdsEngineVersion: text(literal(template, rds.EngineVersion)),
    rdsStorage: count(literal(template, rds.DBInstanceStorage)),
    redisEngineVersion: text(literal(template, firstOf(template, "redis").EngineVersion)),
    bandwidth: count(literal(template, firstOf(template, "eip").Bandwidth)),
    ...bucketValues(template),
    zones: zonesOf(template),
    existingVpc: false,
    unsupported: [],
    text: "",
  };
}

/**
 * The Terraform builders write their own network: a twin built in an existing VPC or security group
 * (parameters, no resource) is rendered with a new VPC, vSwitch and group (SSH from the VPC), as
 * the configuration always was; the reply names the existing VPC as not expressed.
 */
function withOwnNetwork(counts: Record<ResourceKind, number>, rules: IngressRule[], vpcCidr: CidrBlock): IngressRule[] {
  const used = (kind: ResourceKind) => dependentsOf(kind).some((user) => counts[user] > 0);
  if (used("vswitch")) {
    counts.vpc = Math.max(counts.vpc, 1);
    counts.vswitch = Math.max(counts.vswitch, 1);
  }
  if (!used("securityGroup") || counts.securityGroup > 0) return rules;
  counts.securityGroup = 1;
  return [{ protocol: "tcp", from: 22, to: 22, cidr: vpcCidr.text }];
}

function ipList(template: Template, value: unknown): string[] | undefined {
  const list = text(literal(template, value));
  return list
    ?.split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/** The path the twin's HTTP(S) listeners probe ("health check on /healthz"), the same on each. */
/** The certificate the HTTPS listeners serve ("cert 1234567890-cn-hangzhou": the parameter's default in the twin). */
function listenerCertificateId(template: Template): string | undefined {
  for (const name of namesOfType(template, "ALIYUN::SLB::Listener")) {
    const id = text(literal(template, resourceProperties(section(template, "Resources")[name]).ServerCertificateId));
    if (id) return id;
  }
  return undefined;
}

function listenerHealthCheckUri(template: Template): string | undefined {
  for (const name of namesOfType(template, "ALIYUN::SLB::Listener")) {
    const health = resourceProperties(section(template, "Resources")[name]).HealthCheck;
    const uri = isRecord(health) ? text(literal(template, health.URI)) : undefined;
    if (uri) return uri;
  }
  return undefined;
}

/** The first server's data disks (every server of the twin gets the same ones). */
function dataDisksOf(template: Template): NonNullable<TwinDetails["dataDisks"]> {
  const mappings = firstOf(template, "ecs").DiskMappings;
  return (Array.isArray(mappings) ? mappings : []).flatMap((mapping) => {
    if (!isRecord(mapping)) return [];
    const size = count(literal(template, mapping.Size));
    const performanceLevel = text(literal(template, mapping.PerformanceLevel));
    return size === undefined
      ? []
      : [{ category: text(literal(template, mapping.Category)) ?? "cloud_essd", size, ...(performanceLevel ? { performanceLevel } : {}) }];
  });
}

/** The database's storage autoscaling, when the twin enables it with a threshold and an upper bound. */
function storageAutoScaleOf(template: Template, rds: Record<string, unknown>): TwinDetails["rdsStorageAutoScale"] {
  if (text(literal(template, rds.StorageAutoScale)) !== "Enable") return undefined;
  const threshold = count(literal(template, rds.StorageThreshold));
  const upperBound = count(literal(template, rds.StorageUpperBound));
  return threshold !== undefined && upperBound !== undefined ? { threshold, upperBound } : undefined;
}

function detailsOf(template: Template): TwinDetails {
  const bandwidth = count(literal(template, firstOf(template, "ecs").InternetMaxBandwidthOut));
  const ecsImage = text(literal(template, firstOf(template, "ecs").ImageId));
  const rds = firstOf(template, "rds");
  const rdsClass = text(literal(template, rds.DBInstanceClass));
  const rdsCategory = text(literal(template, rds.Category));
  const rdsBackupRetention = count(literal(template, rds.BackupRetentionPeriod));
  const rdsStorageAutoScale = storageAutoScaleOf(template, rds);
  const rdsIps = ipList(template, rds.SecurityIPList);
  const redisIps = ipList(template, firstOf(template, "redis").SecurityIps);
  const redisClass = text(literal(template, firstOf(template, "redis").InstanceClass));
  const healthCheckUri = listenerHealthCheckUri(template);
  const certificateId = listenerCertificateId(template);
  const slbSpec = text(literal(template, firstOf(template, "slb").LoadBalancerSpec));
  const dataDisks = dataDisksOf(template);
  const server = firstOf(template, "ecs");
  const keyPairName = text(literal(template, server.KeyPairName));
  const systemDiskLevel = text(literal(template, server.SystemDiskPerformanceLevel));
  const noPassword = keyPairName !== undefined && server.Password === undefined;
  const serversGroup = serversGroupOf(template);
  const existingGroupRules = existingGroupRulesOf(template);
  const resources = section(template, "Resources");
  const instanceNames = namesOfType(template, KINDS.ecs.rosType).map((name) => text(literal(template, resourceProperties(resources[name]).InstanceName)) ?? "");
  const billedByBandwidth = [firstOf(template, "eip"), server].some((address) => text(literal(template, address.InternetChargeType)) === "PayByBandwidth");
  const rdsPort = count(literal(template, rds.Port));
  const rdsDatabases = (Array.isArray(rds.DBMappings) ? rds.DBMappings : []).flatMap((mapping) => {
    const name = isRecord(mapping) ? text(literal(template, mapping.DBName)) : undefined;
    const characterSet = isRecord(mapping) ? text(literal(template, mapping.CharacterSetName)) : undefined;
    return name ? [{ name, characterSet: characterSet ?? "utf8mb4" }] : [];
  });
  const rdsAccount = text(literal(template, rds.MasterUsername));
  const servers = namesOfType(template, KINDS.ecs.rosType).map((name) => resourceProperties(section(template, "Resources")[name]));
  // Servers of roles with a type each (generate/server-groups.ts): every server's own, when they differ.
  const instanceTypes = servers.map((one) => text(literal(template, one.InstanceType)) ?? "");
  const typesDiffer = instanceTypes.every((type) => type !== "") && new Set(instanceTypes).size > 1;
  const backendServers = backendPositions(template);
  const publicServers = servers.filter((one) => (count(literal(template, one.InternetMaxBandwidthOut)) ?? 0) > 0).length;
  const deletionProtection = { rds: rds.DeletionProtection === true, ecs: server.DeletionProtection === true };
  return {
    ...(deletionProtection.rds || deletionProtection.ecs ? { deletionProtection } : {}),
    ...(rdsPort !== undefined ? { rdsPort } : {}),
    ...(rdsDatabases.length > 0 ? { rdsDatabases } : {}),
    ...(rdsAccount ? { rdsAccount } : {}),
    ...(publicServers > 0 && publicServers < servers.length ? { publicServers } : {}),
    ...(billedByBandwidth ? { billedByBandwidth } : {}),
    ...(instanceNames.some((name) => name !== "") ? { instanceNames } : {}),
    ...(typesDiffer ? { instanceTypes } : {}),
    ...(backendServers ? { backendServers } : {}),
    ...(bandwidth !== undefined ? { ecsBandwidthOut: bandwidth } : {}),
    ...(ecsImage ? { ecsImage } : {}),
    ...(rdsClass ? { rdsClass } : {}),
    ...(rdsCategory ? { rdsCategory } : {}),
    ...(rdsBackupRetention !== undefined ? { rdsBackupRetention } : {}),
    ...(rdsStorageAutoScale ? { rdsStorageAutoScale } : {}),
    ...(redisClass ? { redisClass } : {}),
    ...(healthCheckUri ? { healthCheckUri } : {}),
    ...(slbSpec ? { slbSpec } : {}),
    ...(certificateId ? { certificateId } : {}),
    ...(dataDisks.length > 0 ? { dataDisks } : {}),
    ...(systemDiskLevel ? { systemDiskLevel } : {}),
    ...(keyPairName ? { keyPairName } : {}),
    ...(noPassword ? { noPassword } : {}),
    ...(serversGroup ? { serversGroup } : {}),
    ...(existingGroupRules ? { existingGroupRules } : {}),
    whitelists: { ...(rdsIps ? { rds: rdsIps } : {}), ...(redisIps ? { redis: redisIps } : {}) },
  };
}

/** What the Terraform builders need, read from the twin. */
export function readTwin(template: Template): TwinReading {
  const engine = text(literal(template, firstOf(template, "rds").Engine));
  const vswitchCidrs = namesOfType(template, KINDS.vswitch.rosType).flatMap((name) => {
    const block = cidrOf(template, resourceProperties(section(template, "Resources")[name]).CidrBlock);
    return block ? [block] : [];
  });
  const vpcCidr = vpcCidrOf(template, vswitchCidrs);
  const region = regionOf(template);
  const counts = currentCounts(template);
  const rules = withOwnNetwork(counts, ingressRulesOf(template), vpcCidr);
  const request: InfrastructureRequest = {
    format: "terraform",
    ...(region ? { region } : {}),
    counts,
    vpcCidr,
    vswitchCidrs,
    rdsEngine: engine !== undefined && RDS_ENGINES.has(engine) ? (engine as RdsEngine) : "MySQL",
    publicPorts: [],
    ...slbScopesOf(template),
    ...slbListenerPortsOf(template),
    portMappings: [],
    recognized: true,
    mentioned: [],
    notes: [],
  };
  // Every load balancer of the twin has the same listeners (the builders give each one all of them).
  const listeners = listenerMappingsOf(template).filter((mapping, index, all) => all.findIndex((other) => other.front === mapping.front) === index);
  return { request, values: valuesOf(template), rules, listeners, details: detailsOf(template) };
}
