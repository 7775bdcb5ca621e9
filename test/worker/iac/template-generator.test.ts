/** The offline generator: requests in English and Chinese become templates that pass the validator. */
import { describe, expect, it } from "vitest";
import { generateTemplate, packageTerraform, parseTemplate, validateTemplate } from "../../../src/iac/index";
import { cidrContains, cidrsOverlap, parseCidr } from "../../../src/iac/read/cidr";

type Resource = { Type: string; Properties?: Record<string, unknown> };

function generatedRos(text: string) {
  const generated = generateTemplate({ text });
  expect(generated.format).toBe("ros-yaml");
  const parsed = parseTemplate(generated.content);
  if (!parsed.ok) throw new Error(`generated template does not parse: ${text}`);
  const resources = parsed.template.Resources as Record<string, Resource>;
  const parameters = (parsed.template.Parameters ?? {}) as Record<string, Record<string, unknown>>;
  const outputs = (parsed.template.Outputs ?? {}) as Record<string, Record<string, unknown>>;
  const ofType = (type: string) => Object.values(resources).filter((resource) => resource.Type === type);
  return { generated, template: parsed.template, resources, parameters, outputs, ofType };
}

const PHRASINGS: { text: string; expect: Record<string, number>; region?: string }[] = [
  { text: "Create a VPC with two vSwitches in Hangzhou", expect: { "ALIYUN::ECS::VSwitch": 2 }, region: "cn-hangzhou" },
  { text: "在杭州创建一个VPC和两个交换机", expect: { "ALIYUN::ECS::VPC": 1, "ALIYUN::ECS::VSwitch": 2 }, region: "cn-hangzhou" },
  {
    text: "I need 3 ECS instances behind an SLB with a MySQL RDS database in cn-shanghai",
    expect: { "ALIYUN::ECS::Instance": 3, "ALIYUN::SLB::LoadBalancer": 1, "ALIYUN::RDS::DBInstance": 1 },
    region: "cn-shanghai",
  },
  {
    text: "VPC 10.0.0.0/8 with vSwitches 10.1.0.0/16 and 10.2.0.0/16, plus a NAT gateway",
    expect: { "ALIYUN::VPC::NatGateway": 1, "ALIYUN::VPC::SnatEntry": 2, "ALIYUN::VPC::EIP": 1 },
  },
  { text: "Give me a private OSS bucket", expect: { "ALIYUN::OSS::Bucket": 1 } },
  // "每台绑定" is one EIP per server (issue 19: it was one EIP for two servers).
  { text: "两台ECS服务器，每台绑定弹性公网IP，部署在北京", expect: { "ALIYUN::ECS::Instance": 2, "ALIYUN::VPC::EIP": 2 }, region: "cn-beijing" },
  { text: "3 web servers with 4 vCPU and 8 GiB memory serving https", expect: { "ALIYUN::ECS::Instance": 3, "ALIYUN::ECS::SecurityGroup": 1 } },
  {
    text: "A highly available setup: two ECS instances in different zones, a load balancer and a PostgreSQL database",
    expect: { "ALIYUN::ECS::VSwitch": 2, "ALIYUN::ECS::Instance": 2, "ALIYUN::RDS::DBInstance": 1 },
  },
  {
    text: "创建专有网络、三个子网、一个安全组和五台云服务器，地域上海",
    expect: { "ALIYUN::ECS::VSwitch": 3, "ALIYUN::ECS::Instance": 5 },
    region: "cn-shanghai",
  },
  {
    text: "Two EIPs for 2 ECS instances and a NAT gateway in Shenzhen",
    expect: { "ALIYUN::VPC::EIP": 2, "ALIYUN::VPC::NatGateway": 1, "ALIYUN::VPC::EIPAssociation": 2 },
    region: "cn-shenzhen",
  },
  { text: "Set up a Redis cache and an RDS MySQL instance in a VPC", expect: { "ALIYUN::REDIS::Instance": 1, "ALIYUN::RDS::DBInstance": 1 } },
  { text: "负载均衡加两台云服务器，开放80和443端口", expect: { "ALIYUN::SLB::LoadBalancer": 1, "ALIYUN::ECS::Instance": 2, "ALIYUN::SLB::Listener": 2 } },
  { text: "Two OSS buckets and an SLB in Singapore", expect: { "ALIYUN::OSS::Bucket": 2, "ALIYUN::SLB::LoadBalancer": 1 }, region: "ap-southeast-1" },
  {
    text: "VPC 172.16.0.0/12 with 4 vswitches, a security group opening port 8080, and 2 ECS",
    expect: { "ALIYUN::ECS::VSwitch": 4, "ALIYUN::ECS::Instance": 2 },
  },
  { text: "一个RDS数据库和一个NAT网关，在深圳", expect: { "ALIYUN::RDS::DBInstance": 1, "ALIYUN::VPC::NatGateway": 1 }, region: "cn-shenzhen" },
  {
    text: "Security group with SSH and an ECS x2, region cn-hangzhou",
    expect: { "ALIYUN::ECS::Instance": 2, "ALIYUN::ECS::SecurityGroup": 1 },
    region: "cn-hangzhou",
  },
  {
    text: "Build a VPC with a vswitch, an ECS instance with an EIP, an SLB, an RDS, an OSS bucket and a NAT gateway",
    expect: {
      "ALIYUN::ECS::Instance": 1,
      "ALIYUN::SLB::LoadBalancer": 1,
      "ALIYUN::RDS::DBInstance": 1,
      "ALIYUN::OSS::Bucket": 1,
      "ALIYUN::VPC::NatGateway": 1,
    },
  },
  {
    text: "在法兰克福部署一个负载均衡、三台服务器和一个数据库，需要高可用",
    expect: { "ALIYUN::ECS::VSwitch": 2, "ALIYUN::ECS::Instance": 3, "ALIYUN::RDS::DBInstance": 1 },
    region: "eu-central-1",
  },
];

describe("generated ROS templates validate with zero errors and zero warnings", () => {
  for (const phrasing of PHRASINGS) {
    it(phrasing.text, () => {
      const { generated, ofType } = generatedRos(phrasing.text);
      expect(validateTemplate(generated.content).diagnostics).toEqual([]);
      for (const [type, count] of Object.entries(phrasing.expect)) {
        expect(ofType(type).length, type).toBe(count);
      }
      expect(generated.summary).toMatch(/Offline validation: passes the offline checks \(0 errors, 0 warnings\)\.|离线校验：通过（0 个错误，0 个警告）。/);
    });
  }
});

describe("the shape of generated ROS templates", () => {
  it("declares format version 2015-09-01 and names the requested region in the Description", () => {
    for (const phrasing of PHRASINGS.filter((entry) => entry.region)) {
      const { template } = generatedRos(phrasing.text);
      expect(template.ROSTemplateFormatVersion).toBe("2015-09-01");
      expect(String(template.Description)).toContain(`Region: ${phrasing.region}`);
    }
  });

  it("gives every vSwitch a distinct subnet inside the VPC and a zone parameter with AssociationProperty", () => {
    for (const phrasing of PHRASINGS) {
      const { ofType, parameters } = generatedRos(phrasing.text);
      const vpc = ofType("ALIYUN::ECS::VPC")[0];
      if (!vpc) continue;
      const vpcBlock = parseCidr(String(vpc.Properties?.CidrBlock));
      const blocks = ofType("ALIYUN::ECS::VSwitch").map((vswitch) => parseCidr(String(vswitch.Properties?.CidrBlock)));
      blocks.forEach((block, index) => {
        expect(block && vpcBlock && cidrContains(vpcBlock, block)).toBe(true);
        blocks.slice(index + 1).forEach((other) => expect(block && other && cidrsOverlap(block, other)).toBe(false));
      });
      for (const vswitch of ofType("ALIYUN::ECS::VSwitch")) {
        const zone = (vswitch.Properties?.ZoneId as { Ref: string }).Ref;
        expect(parameters[zone]?.AssociationProperty).toBe("ALIYUN::ECS::ZoneId");
      }
    }
  });

  it("uses the CIDR blocks the request gives", () => {
    const { ofType } = generatedRos("VPC 10.0.0.0/8 with vSwitches 10.1.0.0/16 and 10.2.0.0/16");
    expect(ofType("ALIYUN::ECS::VPC")[0]?.Properties?.CidrBlock).toBe("10.0.0.0/8");
    expect(ofType("ALIYUN::ECS::VSwitch").map((vswitch) => vswitch.Properties?.CidrBlock)).toEqual(["10.1.0.0/16", "10.2.0.0/16"]);
  });

  it("ignores a vSwitch CIDR outside the VPC, explains why, and still validates", () => {
    const { generated, ofType } = generatedRos("VPC 192.168.0.0/16 with two vswitches 192.168.1.0/24 and 10.9.0.0/24");
    expect(ofType("ALIYUN::ECS::VSwitch").map((vswitch) => vswitch.Properties?.CidrBlock)).toEqual(["192.168.1.0/24", "192.168.2.0/24"]);
    expect(generated.summary).toContain("Ignored vSwitch CIDR 10.9.0.0/24");
    expect(validateTemplate(generated.content).diagnostics).toEqual([]);
  });

  it("makes inventory-dependent ECS, RDS and SLB values parameters with AssociationProperty", () => {
    const { ofType, parameters } = generatedRos("2 ECS instances, an SLB and a MySQL RDS");
    const ecs = ofType("ALIYUN::ECS::Instance")[0]?.Properties ?? {};
    const association = (property: unknown) => parameters[(property as { Ref: string }).Ref]?.AssociationProperty;
    expect(association(ecs.InstanceType)).toBe("ALIYUN::ECS::Instance::InstanceType");
    expect(association(ecs.ImageId)).toBe("ALIYUN::ECS::Image::ImageId");
    expect(association(ecs.SystemDiskCategory)).toBe("ALIYUN::ECS::Disk::SystemDiskCategory");
    expect(association(ecs.ZoneId)).toBe("ALIYUN::ECS::ZoneId");
    const rds = ofType("ALIYUN::RDS::DBInstance")[0]?.Properties ?? {};
    expect(association(rds.DBInstanceClass)).toBe("ALIYUN::RDS::Instance::InstanceType");
    expect(association(rds.ZoneId)).toBe("ALIYUN::ECS::ZoneId");
    expect(parameters[(rds.DBInstanceStorageType as { Ref: string }).Ref]?.AllowedValues).toEqual(["cloud_essd", "cloud_ssd", "local_ssd"]);
    const slb = ofType("ALIYUN::SLB::LoadBalancer")[0]?.Properties ?? {};
    expect(association(slb.MasterZoneId)).toBe("ALIYUN::SLB::LoadBalancer::ZoneId");
  });

  it("keeps passwords in NoEcho parameters without defaults", () => {
    const { parameters } = generatedRos("an ECS instance and an RDS database");
    for (const name of ["EcsPassword", "RdsPassword"]) {
      expect(parameters[name]?.NoEcho).toBe(true);
      expect(parameters[name]).not.toHaveProperty("Default");
    }
  });

  it("labels every output", () => {
    for (const phrasing of PHRASINGS) {
      const { outputs } = generatedRos(phrasing.text);
      for (const output of Object.values(outputs)) expect(output.Label).toBeTruthy();
    }
  });

  it("opens SSH only to the VPC and keeps sensitive ports off the Internet", () => {
    const { ofType } = generatedRos("an ECS instance with ports 22, 80 and 3306 open");
    const rules = ofType("ALIYUN::ECS::SecurityGroup")[0]?.Properties?.SecurityGroupIngress as { PortRange: string; SourceCidrIp: string }[];
    const source = (range: string) => rules.find((rule) => rule.PortRange === range)?.SourceCidrIp;
    expect(source("22/22")).toBe("192.168.0.0/16");
    expect(source("3306/3306")).toBe("192.168.0.0/16");
    expect(source("80/80")).toBe("0.0.0.0/0");
  });

  it("wires the load balancer to the instances and binds EIPs", () => {
    const { ofType } = generatedRos("2 ECS instances with 2 EIPs behind an SLB");
    const backends = ofType("ALIYUN::SLB::BackendServerAttachment")[0]?.Properties?.BackendServers as { ServerId: unknown }[];
    expect(backends.map((backend) => backend.ServerId)).toEqual([{ Ref: "EcsInstance1" }, { Ref: "EcsInstance2" }]);
    expect(ofType("ALIYUN::VPC::EIPAssociation").map((association) => association.Properties?.InstanceId)).toEqual([
      { Ref: "EcsInstance1" },
      { Ref: "EcsInstance2" },
    ]);
  });

  it("returns YAML with its file name, media type and resource list", () => {
    const generated = generateTemplate({ text: "a VPC and an ECS instance" });
    expect(generated.filename).toBe("template.yaml");
    expect(generated.mediaType).toBe("application/yaml");
    expect(generated.content.startsWith("ROSTemplateFormatVersion: '2015-09-01'\n")).toBe(true);
    expect(generated.resources).toContain("EcsInstance: ALIYUN::ECS::Instance");
    expect(generated.summary).toContain("EcsPassword");
  });

  it("is deterministic: the same request gives byte-identical output", () => {
    const text = "3 ECS instances behind an SLB with a MySQL RDS in cn-shanghai";
    expect(generateTemplate({ text })).toEqual(generateTemplate({ text }));
  });

  it("falls back to a base VPC when it recognises no resource, and says so", () => {
    const { generated, ofType } = generatedRos("something for my team please");
    expect(ofType("ALIYUN::ECS::VPC")).toHaveLength(1);
    expect(generated.summary).toContain("No resource type was recognised");
  });
});

describe("Terraform on request", () => {
  const generated = generateTemplate({
    text: "Terraform for a VPC, 2 vswitches, 2 ECS with EIPs, an SLB, an RDS PostgreSQL, a Redis and an OSS bucket in Singapore",
  });

  it("returns main.tf as text/x-hcl with the alicloud provider and the region", () => {
    expect(generated.format).toBe("terraform");
    expect(generated.filename).toBe("main.tf");
    expect(generated.mediaType).toBe("text/x-hcl");
    expect(generated.content).toContain('source  = "aliyun/alicloud"');
    expect(generated.content).toContain('default     = "ap-southeast-1"');
  });

  it("declares the requested resources and looks up inventory with data sources", () => {
    for (const resource of [
      "alicloud_vpc.main",
      "alicloud_vswitch.vsw_1",
      "alicloud_vswitch.vsw_2",
      "alicloud_instance.ecs_1",
      "alicloud_instance.ecs_2",
      "alicloud_slb_load_balancer.slb_1",
      "alicloud_db_instance.rds_1",
      "alicloud_kvstore_instance.redis_1",
      "alicloud_oss_bucket.bucket_1",
      "alicloud_eip_association.eip_1_ecs_1",
    ]) {
      expect(generated.resources).toContain(resource);
    }
    expect(generated.content).toContain('data "alicloud_instance_types" "ecs"');
    expect(generated.content).toContain('engine                   = "PostgreSQL"');
  });

  it("passes its own self-check and marks passwords sensitive", () => {
    expect(generated.summary).toContain("Self-check: brackets balanced");
    expect(generated.content).toMatch(/variable "ecs_password" \{[^}]*sensitive   = true/);
  });

  it("can be packaged as a Terraform-type ROS template that validates", () => {
    const packaged = packageTerraform({ [generated.filename]: generated.content });
    expect(packaged.ok).toBe(true);
    if (packaged.ok) expect(validateTemplate(packaged.template).diagnostics).toEqual([]);
  });

  it("is recognised in Chinese requests too", () => {
    expect(generateTemplate({ text: "用Terraform在杭州创建一个VPC和两台ECS" }).format).toBe("terraform");
  });
});
