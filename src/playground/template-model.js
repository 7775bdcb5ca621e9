// What the diagram draws, read from a ROS template (issue 28 item 2): the VPCs and vSwitches as
// containers, the ten resource kinds' main resources as nodes placed in the container they reference,
// and the resources that join two others as edges — a listener from its load balancer to the
// backends, a backend attachment, an EIP association, a SNAT entry — plus the security groups'
// rules (port and source), their members and the databases' whitelists. Every resource of the
// template is exactly one element of the drawing (`data-resource`); one of a type outside the ten
// kinds is a plain node. Pure: no DOM, so the same model serves the SVG and its tests.

/** The node kinds, by ROS type, with their label. */
export const NODE_KINDS = {
  "ALIYUN::ECS::VPC": ["vpc", "VPC"],
  "ALIYUN::ECS::VSwitch": ["vswitch", "vSwitch"],
  "ALIYUN::ECS::SecurityGroup": ["securityGroup", "Security group"],
  "ALIYUN::ECS::Instance": ["ecs", "ECS"],
  "ALIYUN::ECS::InstanceGroup": ["ecs", "ECS group"],
  "ALIYUN::SLB::LoadBalancer": ["slb", "SLB"],
  "ALIYUN::RDS::DBInstance": ["rds", "RDS"],
  "ALIYUN::OSS::Bucket": ["oss", "OSS"],
  "ALIYUN::VPC::EIP": ["eip", "EIP"],
  "ALIYUN::VPC::NatGateway": ["nat", "NAT"],
  "ALIYUN::REDIS::Instance": ["redis", "Redis"],
};

/** Resources drawn as edges: the property naming each end. */
const EDGE_TYPES = {
  "ALIYUN::SLB::Listener": "listener",
  "ALIYUN::SLB::BackendServerAttachment": "attachment",
  "ALIYUN::VPC::EIPAssociation": "association",
  "ALIYUN::VPC::SnatEntry": "snat",
  "ALIYUN::ECS::SecurityGroupIngress": "ingress",
};

/** The resource a value references (`Ref`, `Fn::GetAtt`), if any. */
export function referenced(value) {
  if (!value || typeof value !== "object") return undefined;
  if (typeof value.Ref === "string") return value.Ref;
  const getAtt = value["Fn::GetAtt"];
  if (Array.isArray(getAtt) && typeof getAtt[0] === "string") return getAtt[0];
  return undefined;
}

function resourcesOf(template) {
  const resources = template?.Resources;
  if (!resources || typeof resources !== "object") return [];
  return Object.entries(resources)
    .filter(([, r]) => r && typeof r === "object")
    .map(([name, r]) => ({ name, type: String(r.Type ?? "?"), props: r.Properties && typeof r.Properties === "object" ? r.Properties : {} }));
}

/** `80/80` → `80`, `8000/8100` → `8000-8100`, `-1/-1` → `all`. */
function portLabel(range) {
  const [from, to] = String(range ?? "").split("/");
  if (from === "-1") return "all ports";
  return to && to !== from ? `${from}-${to}` : String(from ?? "");
}

function sourcesOf(list) {
  return String(list ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The edges of the resources that join two others; each edge group names its resource. */
function joinEdges(resources, byName) {
  const groups = [];
  const backends = (slb) =>
    resources
      .filter((r) => EDGE_TYPES[r.type] === "attachment" && referenced(r.props.LoadBalancerId) === slb)
      .flatMap((r) => (r.props.BackendServers ?? []).map((s) => referenced(s?.ServerId)).filter(Boolean));
  for (const r of resources) {
    const kind = EDGE_TYPES[r.type];
    if (!kind) continue;
    const p = r.props;
    let edges = [];
    if (kind === "listener") {
      const slb = referenced(p.LoadBalancerId);
      const label = `${p.Protocol ?? ""} ${p.ListenerPort ?? "?"}→${p.BackendServerPort ?? "?"}`.trim();
      edges = backends(slb).map((to) => ({ from: slb, to, label }));
      if (edges.length === 0) edges = [{ from: slb, to: slb, label }];
    } else if (kind === "attachment") {
      const slb = referenced(p.LoadBalancerId);
      edges = (p.BackendServers ?? []).map((s) => ({ from: slb, to: referenced(s?.ServerId), label: "backend" }));
    } else if (kind === "association") {
      edges = [{ from: referenced(p.AllocationId), to: referenced(p.InstanceId), label: "bound to" }];
    } else if (kind === "snat") {
      edges = [{ from: referenced(p.SnatTableId), to: referenced(p.SourceVSwitchId), label: "SNAT" }];
    } else if (kind === "ingress") {
      edges = [{ from: `source:${p.SourceCidrIp ?? "?"}`, to: referenced(p.SecurityGroupId), label: portLabel(p.PortRange) }];
    }
    edges = edges.filter((e) => e.from && e.to && (byName.has(e.from) || e.from.startsWith("source:")) && byName.has(e.to));
    groups.push({ resource: r.name, kind, edges });
  }
  return groups;
}

/** Rules of the security groups (port from source), their members, and whitelists: edges of no resource of their own. */
function ruleEdges(resources) {
  const edges = [];
  for (const r of resources) {
    if (r.type === "ALIYUN::ECS::SecurityGroup") {
      for (const rule of r.props.SecurityGroupIngress ?? []) {
        edges.push({ from: `source:${rule?.SourceCidrIp ?? rule?.SourceGroupId ?? "?"}`, to: r.name, label: portLabel(rule?.PortRange), kind: "rule" });
      }
    }
    const group = referenced(r.props.SecurityGroupId);
    if (group && r.type !== "ALIYUN::ECS::SecurityGroupIngress") edges.push({ from: group, to: r.name, label: "member", kind: "member" });
    const whitelist = r.props.SecurityIPList ?? r.props.SecurityIps;
    for (const source of sourcesOf(typeof whitelist === "string" ? whitelist : "")) {
      edges.push({ from: `source:${source}`, to: r.name, label: "whitelist", kind: "whitelist" });
    }
  }
  return edges;
}

/** Where a node sits: its vSwitch, else its VPC, else outside any network. */
function placement(resource, byName) {
  const vswitch = referenced(resource.props.VSwitchId);
  if (vswitch && byName.get(vswitch)?.type === "ALIYUN::ECS::VSwitch") return { vswitch };
  const vpc = referenced(resource.props.VpcId);
  if (vpc && byName.get(vpc)?.type === "ALIYUN::ECS::VPC") return { vpc };
  return {};
}

/**
 * The drawing's content: containers (VPCs with their vSwitches), nodes (with their place), edge
 * groups (one per joining resource), rule edges, and the sources (CIDR blocks) the rules name.
 */
export function templateModel(template) {
  const resources = resourcesOf(template);
  const byName = new Map(resources.map((r) => [r.name, r]));
  const vpcs = resources.filter((r) => r.type === "ALIYUN::ECS::VPC").map((r) => ({ name: r.name, cidr: r.props.CidrBlock, vswitches: [] }));
  const outsideSwitches = [];
  for (const r of resources.filter((x) => x.type === "ALIYUN::ECS::VSwitch")) {
    const vswitch = { name: r.name, cidr: r.props.CidrBlock, nodes: [] };
    const vpc = vpcs.find((v) => v.name === referenced(r.props.VpcId));
    (vpc ? vpc.vswitches : outsideSwitches).push(vswitch);
  }
  // vSwitches in a VPC the template does not create (an existing one, a parameter): a VPC box of their own.
  if (outsideSwitches.length) vpcs.push({ name: undefined, cidr: "existing VPC", vswitches: outsideSwitches });
  for (const vpc of vpcs) vpc.nodes = [];
  const outside = [];
  for (const r of resources) {
    if (r.type === "ALIYUN::ECS::VPC" || r.type === "ALIYUN::ECS::VSwitch" || EDGE_TYPES[r.type]) continue;
    const [kind, label] = NODE_KINDS[r.type] ?? ["other", r.type.split("::").slice(1).join(" ")];
    const node = { name: r.name, kind, label, type: r.type };
    const place = placement(r, byName);
    const vswitch = place.vswitch && vpcs.flatMap((v) => v.vswitches).find((s) => s.name === place.vswitch);
    const vpc = place.vpc && vpcs.find((v) => v.name === place.vpc);
    if (vswitch) vswitch.nodes.push(node);
    else if (vpc) vpc.nodes.push(node);
    else outside.push(node);
  }
  const groups = joinEdges(resources, byName);
  const rules = ruleEdges(resources);
  const sources = [...new Set([...groups.flatMap((g) => g.edges), ...rules].map((e) => e.from).filter((f) => f.startsWith("source:")))];
  return { resources, vpcs, outside, groups, rules, sources };
}

/** What changed between two templates: resources added, removed, and changed (type or properties). */
export function templateChanges(before, after) {
  const old = new Map(resourcesOf(before).map((r) => [r.name, r]));
  const now = new Map(resourcesOf(after).map((r) => [r.name, r]));
  const added = [...now.keys()].filter((n) => !old.has(n));
  const removed = [...old.keys()].filter((n) => !now.has(n));
  const changed = [...now.keys()].filter((n) => old.has(n) && JSON.stringify(old.get(n)) !== JSON.stringify(now.get(n)));
  return { added, removed, changed };
}
