/**
 * Where a requested value may plausibly sit, per family: the property names (ROS and Terraform)
 * that carry it, on the resources of the right product, and how to compare (a port inside a
 * `PortRange`, a CIDR inside a comma-separated whitelist, "14" equal to "14.0", TB as GB). Returns
 * the `Resource.Property` that carries the value, or undefined when nothing does.
 */
import { capacityOfRedisClass } from "../kinds/redis/capacity-classes";
import { FAMILIES, familyOfType } from "./families";
import { SETTING_SLOTS } from "./setting-values";
import { storageSlot } from "./storage-values";
import type { RequestedValue } from "./requested-value";
import type { Slot, TemplateView } from "./template-slots";

const SOURCE_KEYS =
  /^(?:SourceCidrIp|DestCidrIp|SecurityIPList|SecurityIps|SecurityIpList|cidr_ip|security_ips|security_ip_list|source_cidr_ip|whitelist|WhiteList)$/i;
const NETWORK_KEYS = /^(?:CidrBlock|cidr_block|VpcCidrBlock|SecondaryCidrBlock)$/i;
const PORT_KEYS =
  /^(?:PortRange|port_range|ListenerPort|listener_port|frontend_port|FrontendPort|BackendServerPort|backend_port|BackendPort|Port|port|ExternalPort|external_port|InternalPort|internal_port|HealthCheckConnectPort)$/;
const FRONT_KEYS = /^(?:ListenerPort|listener_port|frontend_port|FrontendPort|ExternalPort|external_port)$/;
const BACK_KEYS = /^(?:BackendServerPort|backend_port|BackendPort|InternalPort|internal_port)$/;
const SIZE_KEYS: Record<string, RegExp> = {
  "system-disk": /^(?:SystemDiskSize|system_disk_size)$/,
  "data-disk": /^(?:Size|size|DiskSize)$/,
  memory: /^(?:Capacity|capacity|MemorySize|memory_size)$/,
  storage: /^(?:DBInstanceStorage|db_instance_storage|instance_storage|Storage|Capacity|capacity)$/,
  // "autoscale up to 1000GB" (check/storage-values.ts).
  "storage-bound": /^(?:StorageUpperBound|storage_upper_bound)$/,
};
const ANY_SIZE_KEY =
  /^(?:SystemDiskSize|system_disk_size|Size|size|DiskSize|Capacity|capacity|DBInstanceStorage|db_instance_storage|instance_storage|Storage)$/;
const BANDWIDTH_KEYS = /bandwidth/i;
const DAY_KEYS = /days|period|retention|expir/i;
const TYPE_KEYS =
  /^(?:InstanceType|instance_type|DBInstanceClass|db_instance_class|instance_class|InstanceClass|LoadBalancerSpec|load_balancer_spec|Spec|spec|NodeType)$/;
const ZONE_KEYS = /zone/i;
/** Where a resource carries its own name. */
const NAME_KEYS =
  /^(?:InstanceName|instance_name|LoadBalancerName|load_balancer_name|DBInstanceDescription|db_instance_description|VpcName|vpc_name|VSwitchName|vswitch_name|SecurityGroupName|security_group_name)$/;
const ID_KEYS: Record<string, RegExp> = {
  vpc: /^(?:VpcId|vpc_id)$/,
  vsw: /^(?:VSwitchId|vswitch_id|SourceVSwitchId|VSwitchIds|vswitch_ids|source_vswitch_id)$/,
  // "22 from bastion sg-…": a rule's source group carries the id too.
  certificate: /^(?:ServerCertificateId|server_certificate_id|CACertificateId|ca_certificate_id)$/,
  sg: /^(?:SecurityGroupId|security_group_id|SecurityGroupIds|security_groups|security_group_ids|SourceGroupId|source_security_group_id)$/,
};

const where = (slot: Slot) => `${slot.resource}.${slot.path}${slot.parameter ? ` (parameter ${slot.parameter})` : ""}`;
const numeric = (value: Slot["value"]) =>
  typeof value === "number" ? value : typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
const find = (view: TemplateView, test: (slot: Slot) => boolean) => {
  const slot = view.slots.find(test);
  return slot ? where(slot) : undefined;
};

function portIn(slot: Slot, port: number): boolean {
  if (!PORT_KEYS.test(slot.key)) return false;
  if (typeof slot.value === "string" && slot.value.includes("/")) {
    const [low, high] = slot.value.split("/").map(Number);
    return low === port || high === port;
  }
  return numeric(slot.value) === port;
}

function cidrIn(slot: Slot, value: RequestedValue): boolean {
  if (typeof slot.value !== "string") return false;
  const keys = value.target === "source" ? SOURCE_KEYS : value.target === "network" ? NETWORK_KEYS : undefined;
  if (keys ? !keys.test(slot.key) : !SOURCE_KEYS.test(slot.key) && !NETWORK_KEYS.test(slot.key)) return false;
  const wanted = String(value.value);
  const bare = wanted.endsWith("/32") ? wanted.slice(0, -3) : wanted;
  return slot.value.split(",").some((item) => item.trim() === wanted || item.trim() === bare);
}

/** "14" and "14.0", "8" and "8.0" name the same version; so do SQL Server's "2019" and its edition "2019_std_ha". */
function sameVersion(a: string, b: string): boolean {
  const norm = (v: string) => (/^\d{1,3}$/.test(v) ? `${v}.0` : /^\d{4}_[a-z_]{2,16}$/.test(v) ? v.slice(0, 4) : v);
  return norm(a.trim()) === norm(b.trim());
}

function familyTypes(id: string | undefined): readonly string[] {
  const family = FAMILIES.find((candidate) => candidate.id === id);
  return family ? [...family.ros, ...family.terraform] : [];
}

function engineOf(view: TemplateView, resource: string): string | undefined {
  const slot = view.slots.find((candidate) => candidate.resource === resource && /^(?:Engine|engine)$/.test(candidate.key));
  return typeof slot?.value === "string" ? slot.value : undefined;
}

function locateVersion(view: TemplateView, value: RequestedValue): string | undefined {
  const engine = value.target ?? "";
  const onRedis = engine === "Redis";
  return find(view, (slot) => {
    if (!/^(?:EngineVersion|engine_version)$/.test(slot.key) || (typeof slot.value !== "string" && typeof slot.value !== "number")) return false;
    // "make it 8G and version 7.0": a version said with no engine is any versioned product's (the edit gives it to the only one).
    const right =
      engine === "" ? true : onRedis ? familyOfType(slot.type)?.id === "redis" : engineOf(view, slot.resource)?.toLowerCase() === engine.toLowerCase();
    return right && sameVersion(String(slot.value), String(value.value));
  });
}

function locateMapping(view: TemplateView, value: RequestedValue): string | undefined {
  for (const front of view.slots) {
    if (!FRONT_KEYS.test(front.key) || numeric(front.value) !== value.value) continue;
    const back = view.slots.find((slot) => slot.resource === front.resource && BACK_KEYS.test(slot.key) && numeric(slot.value) === value.second);
    if (back) return `${where(front)} → ${back.path}`;
    if (value.value === value.second && !view.slots.some((slot) => slot.resource === front.resource && BACK_KEYS.test(slot.key))) return where(front);
  }
  return undefined;
}

/** The ECS type's vCPUs and memory from its name (c: 1:2, g: 1:4, r: 1:8; large = 2 vCPUs, Nxlarge = 4N). */
/** RDS general-purpose classes spell their size: "pg.n2.large.2c" is 4 vCPU with 2 GiB each. */
const RDS_CLASS = /^(?:mysql|pg)\.n([248])\.(small|medium|large|xlarge)\.(?:2c|1)$/;
const RDS_VCPUS: Readonly<Record<string, number>> = { small: 1, medium: 2, large: 4, xlarge: 8 };

function specOfType(type: string): { cpu: number; memory: number } | undefined {
  const database = RDS_CLASS.exec(type);
  const cpu = database ? RDS_VCPUS[database[2] ?? ""] : undefined;
  if (database && cpu) return { cpu, memory: cpu * Number(database[1]) };
  // "ecs.t6-c1m2.large", "ecs.s6-c1m2.small": a burstable or shared type spells its memory per vCPU (m / c); small is 1 vCPU.
  const burstable = /^ecs\.(?:t[56]|s6)-c([124])m([124])\.(\d{0,2})(small|x?large)$/.exec(type);
  if (burstable) {
    const vcpus = burstable[4] === "small" ? 1 : burstable[4] === "large" ? 2 : 4 * Number(burstable[3] || 1);
    return { cpu: vcpus, memory: (vcpus * Number(burstable[2])) / Number(burstable[1]) };
  }
  const match = /^ecs\.([a-z]{1,4})\d{0,2}[a-z]{0,4}\.(\d{0,2})(x?large|medium|small)$/.exec(type);
  if (!match) return undefined;
  const ratio = { c: 2, g: 4, r: 8, u: 4, e: 4, t: 4 }[match[1]?.[0] ?? ""];
  const size = match[3] === "large" ? 2 : match[3] === "xlarge" ? 4 * Number(match[2] || 1) : match[3] === "medium" ? 1 : undefined;
  return ratio && size ? { cpu: size, memory: size * ratio } : undefined;
}

export function resourceCount(view: TemplateView, family: string | undefined): number {
  if (family === "zone") {
    // The network's zones are its vSwitches' (a server pinned to a zone whose vSwitch is gone spans nothing); without vSwitches, every zone written.
    const zoned = view.slots.filter((slot) => /^(?:ZoneId|zone_id|availability_zone)$/.test(slot.key));
    const ofVSwitches = zoned.filter((slot) => familyOfType(slot.type)?.id === "vswitch");
    return new Set((ofVSwitches.length > 0 ? ofVSwitches : zoned).map((slot) => slot.parameter ?? String(slot.value))).size;
  }
  const types = familyTypes(family);
  let total = family === "disk" ? attachedDisks(view) : 0;
  for (const resource of view.resources) {
    if (types.includes(resource.type)) total += amountOf(view, resource.name);
  }
  return total;
}

function amountOf(view: TemplateView, resource: string): number {
  const amount = view.slots.find((slot) => slot.resource === resource && /^(?:MaxAmount|Amount|count|amount)$/.test(slot.key));
  return numeric(amount?.value ?? 1) ?? 1;
}

/** One ROS DiskMappings entry; one Terraform data_disks block (its `size`, which every block has). */
const ATTACHED_DISK = /^(?:DiskMappings\[(\d+)\]|data_disks(?:\[\d{1,4}\])?\.size$)/;

/** "一块 200G 数据盘", "two data disks": disks that ride on a server count as disks, once per server the resource makes. */
function attachedDisks(view: TemplateView): number {
  const disks = new Map<string, Set<string>>();
  view.slots.forEach((slot, index) => {
    const match = ATTACHED_DISK.exec(slot.path);
    if (!match) return;
    const seen = disks.get(slot.resource) ?? new Set<string>();
    seen.add(match[1] ?? String(index));
    disks.set(slot.resource, seen);
  });
  let total = 0;
  for (const [resource, seen] of disks) total += seen.size * amountOf(view, resource);
  return total;
}

/** "Redis 8 GB": a cache's memory is its class's capacity (kinds/redis/capacity-classes.ts), not a property of its own. */
function redisMemoryIn(slot: Slot, value: RequestedValue): boolean {
  if ((value.target !== undefined && value.target !== "memory") || !/^(?:InstanceClass|instance_class)$/.test(slot.key)) return false;
  return capacityOfRedisClass(String(slot.value)) === value.value;
}

/** "redirect 80 to 443": the listener on 80 forwards its clients to 443 (ROS `HttpConfig.ForwardPort`, Terraform `forward_port`). */
function locateRedirect(view: TemplateView, value: RequestedValue): string | undefined {
  const listeners = new Set(view.slots.filter((slot) => FRONT_KEYS.test(slot.key) && numeric(slot.value) === value.value).map((slot) => slot.resource));
  const slot = view.slots.find(
    (candidate) => /^(?:ForwardPort|forward_port)$/.test(candidate.key) && listeners.has(candidate.resource) && numeric(candidate.value) === value.second,
  );
  return slot ? where(slot) : undefined;
}

export function locate(view: TemplateView, value: RequestedValue): string | undefined {
  switch (value.kind) {
    case "cidr":
      return find(view, (slot) => cidrIn(slot, value));
    case "port":
      return find(view, (slot) => portIn(slot, Number(value.value))) ?? defaultPortOf(view, Number(value.value));
    case "port-range":
      return find(view, (slot) => PORT_KEYS.test(slot.key) && slot.value === `${value.value}/${value.second}`);
    case "port-redirect":
      return locateRedirect(view, value);
    case "port-mapping":
      return locateMapping(view, value);
    case "size": {
      const keys = (value.target ? SIZE_KEYS[value.target] : undefined) ?? ANY_SIZE_KEY;
      return find(
        view,
        (slot) =>
          (keys.test(slot.key) && (numeric(slot.value) === value.value || (value.target === "memory" && numeric(slot.value) === Number(value.value) * 1024))) ||
          redisMemoryIn(slot, value),
      );
    }
    case "bandwidth":
      return find(view, (slot) => BANDWIDTH_KEYS.test(slot.key) && numeric(slot.value) === value.value);
    case "days":
      return find(view, (slot) => DAY_KEYS.test(slot.path) && numeric(slot.value) === value.value);
    case "instance-type":
      return find(view, (slot) => TYPE_KEYS.test(slot.key) && slot.value === value.value);
    case "compute-spec":
      return find(view, (slot) => {
        const spec = TYPE_KEYS.test(slot.key) && typeof slot.value === "string" ? specOfType(slot.value) : undefined;
        return spec !== undefined && spec.cpu === value.value && spec.memory === value.second;
      });
    case "engine":
      return find(view, (slot) => /^(?:Engine|engine)$/.test(slot.key) && String(slot.value).toLowerCase() === String(value.value).toLowerCase());
    case "engine-version":
      return locateVersion(view, value);
    case "zone": {
      // A zone is where the network's vSwitches are: with vSwitches in the template, one of them must be in it (a server or database pinned there alone sits in no vSwitch of that zone).
      const onVSwitch = (slot: Slot) => familyOfType(slot.type)?.id === "vswitch" && ZONE_KEYS.test(slot.key);
      const placed = view.resources.some((resource) => familyOfType(resource.type)?.id === "vswitch");
      // "add a second vswitch in zone i" (an edit naming no region): a zone of that letter, in whatever region the template is.
      const letter = /^[a-z]$/.test(String(value.value)) ? `-${value.value}` : undefined;
      const same = (zone: unknown) => zone === value.value || (letter !== undefined && typeof zone === "string" && zone.endsWith(letter));
      return find(view, (slot) => (placed ? onVSwitch(slot) : ZONE_KEYS.test(slot.key)) && same(slot.value));
    }
    case "region":
      return view.regionText.includes(String(value.value))
        ? view.format === "ros"
          ? "Description"
          : "provider.region"
        : find(view, (slot) => ZONE_KEYS.test(slot.key) && String(slot.value).startsWith(String(value.value)));
    case "resource-id": {
      const keys = ID_KEYS[value.target ?? ""];
      return keys ? find(view, (slot) => keys.test(slot.key) && slot.value === value.value) : undefined;
    }
    case "bucket-name":
      return find(view, (slot) => /^(?:BucketName|bucket)$/.test(slot.key) && slot.value === value.value);
    case "resource-name":
      // "databases: app_db and report_db, account admin_user": a database inside the instance, its administrator account.
      if (value.target === "database") return find(view, (slot) => /^(?:DBName|name|data_base_name)$/.test(slot.key) && slot.value === value.value);
      if (value.target === "account") return find(view, (slot) => /^(?:MasterUsername|account_name|AccountName)$/.test(slot.key) && slot.value === value.value);
      // "an ECS with the name web-01": the name a resource carries ("web-01", or "web-01-2" for the second of several).
      return find(view, (slot) => NAME_KEYS.test(slot.key) && (slot.value === value.value || String(slot.value).startsWith(`${value.value}-`)));
    case "setting": {
      // Present when any resource states it (setting-values.ts says how).
      const setting = String(value.value);
      if (setting.startsWith("storage-")) return find(view, (slot) => storageSlot(setting, slot.key, slot.value));
      const carries = SETTING_SLOTS[setting];
      return carries ? find(view, (slot) => carries(slot.key, slot.value)) : undefined;
    }
    case "bucket-setting":
      return locateBucketSetting(view, String(value.value));
    case "count": {
      const count = resourceCount(view, value.target);
      // "ECS w/ 2 disks: sys 40G, data 1T": each server's system disk is one of them; the others are its data disks.
      if (value.withSystemDisk) return systemAndDataDisks(view, count, Number(value.value));
      const enough = value.atLeast || value.part ? count >= Number(value.value) : count === value.value;
      if (enough) return `${count} × ${value.target}`;
      // "my two servers i-…1 and i-…2": servers the user has, bound by their ids (parameters whose defaults are the ids).
      const existing = value.target === "ecs" && count === 0 ? existingServers(view) : 0;
      return existing > 0 && existing === value.value ? `${existing} existing server(s), by id` : undefined;
    }
  }
}

/** A count of disks that includes the system disk: the servers' data disks are one fewer, per server or in all. */
function systemAndDataDisks(view: TemplateView, dataDisks: number, wanted: number): string | undefined {
  const servers = resourceCount(view, "ecs");
  const perServer = wanted - 1;
  if (servers === 0 || (dataDisks !== perServer && dataDisks !== perServer * servers)) return undefined;
  return `${servers} × ecs system disk + ${dataDisks} × data disk`;
}

/** How many of the user's own servers the template binds to by id (parameters whose defaults are `i-…` ids). */
function existingServers(view: TemplateView): number {
  return new Set(view.slots.filter((slot) => slot.parameter !== undefined && /^i-[a-z0-9]/i.test(String(slot.value))).map((slot) => slot.value)).size;
}

/** The port a database or cache listens on when its template sets none: the engine's own. */
const ENGINE_PORTS: Readonly<Record<string, number>> = { mysql: 3306, mariadb: 3306, postgresql: 5432, sqlserver: 1433, redis: 6379 };

/** "MySQL on 3306 only from X": the database's own port, carried by the engine when no property sets another. */
function defaultPortOf(view: TemplateView, port: number): string | undefined {
  for (const resource of view.resources) {
    const family = familyOfType(resource.type)?.id;
    if (family !== "rds" && family !== "redis") continue;
    if (view.slots.some((slot) => slot.resource === resource.name && /^(?:Port|port)$/.test(slot.key))) continue;
    const engine = family === "redis" ? "redis" : (engineOf(view, resource.name) ?? "").toLowerCase();
    if (ENGINE_PORTS[engine] === port) return `${resource.name} (the ${engine} default port)`;
  }
  return undefined;
}

function locateBucketSetting(view: TemplateView, setting: string): string | undefined {
  const onBucket = (slot: Slot) => familyOfType(slot.type)?.id === "oss";
  if (setting === "versioning") return find(view, (slot) => onBucket(slot) && /versioning/i.test(slot.path) && /^enabled$/i.test(String(slot.value)));
  // "CORS rules on the bucket": a CORS rule of the bucket (ROS `CORSConfiguration`, Terraform `cors_rule`), whatever it allows.
  if (setting === "cors") return find(view, (slot) => onBucket(slot) && /cors/i.test(slot.path));
  if (setting.startsWith("sse")) {
    const algorithm = setting.split(":")[1];
    return find(view, (slot) => onBucket(slot) && /sse_?algorithm/i.test(slot.key) && (algorithm === undefined || String(slot.value) === algorithm));
  }
  const acl = setting.split(":")[1];
  return find(view, (slot) => onBucket(slot) && /^(?:AccessControl|acl)$/.test(slot.key) && slot.value === acl);
}

/** For a value to be gone ("close port 22"): where it is still found, or undefined. */
export function stillPresent(view: TemplateView, value: RequestedValue): string | undefined {
  return locate(view, { ...value, role: "wanted" });
}
