/**
 * Issue 19 item 6: the requests of the request-check suite, written the way engineers write them
 * (terse, mixed units, values of one kind side by side, source ranges next to VPC ranges, port
 * mappings in both word orders, versions the engine does not offer, removals with dependents), in
 * English and Chinese, across the four skills, with multi-turn edits. Each generation or edit turn
 * lists the values its request states as `kind:fragment` (the fragment is part of the value as the
 * user wrote it): the check must find each one, either in the template or in the reply's "Not
 * expressed in the template". `unrequested` is the exact list of billable resource types the check
 * reports as nobody's request (empty unless stated).
 * The runner is test/worker/iac-agent/request-suite.test.ts (through the real Worker and offline agent).
 */
export type Skill = "generation" | "review" | "conversion" | "operations";

export interface SuiteTurn {
  ask: string;
  /** `kind:fragment` for each explicit value of the request (generation and edit turns). */
  values?: string[];
  /** Billable resource types the check reports as unrequested, exactly. */
  unrequested?: string[];
  skill?: Skill;
  /** Of `values`, those the template must carry (not only name as not expressed): gaps the generator has closed stay closed. */
  inTemplate?: string[];
  /** Text the reply must contain, in order of appearance (a review's verdict comes first). */
  says?: RegExp[];
}

export interface SuiteCase {
  name: string;
  turns: SuiteTurn[];
}

const one = (name: string, ask: string, values: string[], extra: Partial<SuiteTurn> = {}): SuiteCase => ({ name, turns: [{ ask, values, ...extra }] });

export const GENERATION_EN: SuiteCase[] = [
  one("db next to its vpc range", "VPC 10.20.0.0/16 with a MySQL 8.0 database, 50 GB storage, port 3306 only from 10.20.0.0/16, in Hangzhou", [
    "cidr:10.20.0.0/16",
    "size:50 GB",
    "engine-version:MySQL 8.0",
    "port:3306",
    "region:cn-hangzhou",
  ]),
  one("listener to backend", "SLB listener 80 to backend 8080, two ECS behind it (ecs.g7.large), Beijing", [
    "port-mapping:80 to backend 8080",
    "count:two ECS",
    "instance-type:ecs.g7.large",
    "region:cn-beijing",
  ]),
  one("redis in existing network", "need a redis 6.0 instance, 4G, in vpc-bp1qpo0kug3a2abcdefg / vsw-bp1s5fnvk4gn2abcdefg", [
    "engine-version:redis 6.0",
    "size:4G",
    "resource-id:vpc-bp1qpo0kug3a2abcdefg",
    "resource-id:vsw-bp1s5fnvk4gn2abcdefg",
  ]),
  one("postgres version not offered", "Postgres 16, 200GB, Shanghai", ["engine-version:Postgres 16", "size:200GB", "region:cn-shanghai"]),
  one("servers with disks and ssh source", "2 ECS (4 vCPU 16 GiB) with 100G system disk and a 500 GB data disk each, SSH only from 203.0.113.0/24", [
    "count:2 ECS",
    "compute-spec:4 vCPU 16 GiB",
    "size:100G",
    "size:500 GB",
    "cidr:203.0.113.0/24",
  ]),
  one("bucket with lifecycle", "A bucket called tf-state-prod-01 with versioning, private ACL, lifecycle: delete after 365 days", [
    "bucket-name:tf-state-prod-01",
    "bucket-setting:versioning",
    "bucket-setting:private",
    "days:365 days",
  ]),
  one("nat with eip", "EIP with 100 Mbps bandwidth attached to a NAT gateway for a VPC 172.16.0.0/12", ["bandwidth:100 Mbps", "cidr:172.16.0.0/12"]),
  one("three ports in one breath", "Open ports 80, 443 and 8443 on a security group in VPC 10.0.0.0/8", [
    "port:80",
    "port:443",
    "port:8443",
    "cidr:10.0.0.0/8",
  ]),
  one("rds class and two whitelists", "RDS MySQL 5.7, rds.mysql.s2.large, 100 GB, whitelist 10.1.0.0/16 and 10.2.0.0/16", [
    "engine-version:MySQL 5.7",
    "instance-type:rds.mysql.s2.large",
    "size:100 GB",
    "cidr:10.1.0.0/16",
    "cidr:10.2.0.0/16",
  ]),
  one("zones and a mapping", "Three web servers in cn-shanghai-b and cn-shanghai-e behind an SLB; listener 443 forwards to 8443", [
    "count:Three web servers",
    "zone:cn-shanghai-b",
    "zone:cn-shanghai-e",
    "port-mapping:443 forwards to 8443",
  ]),
  one("vswitch ranges", "I want a VPC 192.168.0.0/16 with vSwitches 192.168.10.0/24 and 192.168.20.0/24 in two zones", [
    "cidr:192.168.0.0/16",
    "cidr:192.168.10.0/24",
    "cidr:192.168.20.0/24",
    "count:two zones",
  ]),
  one("nat egress", "NAT gateway + EIP 200M for outbound internet from private servers, VPC 10.50.0.0/16", ["bandwidth:200M", "cidr:10.50.0.0/16"]),
  one("redis whitelist", "Redis 7.0 cache 8 GB, only reachable from 10.0.1.0/24", ["engine-version:Redis 7.0", "size:8 GB", "cidr:10.0.1.0/24"]),
  one("sql server year version", "A SQL Server 2019 database with 500 GB", ["engine-version:SQL Server 2019", "size:500 GB"]),
  one("single ssh source", "ECS in Singapore with 10 Mbps public bandwidth, port 22 from 198.51.100.7 only", [
    "region:ap-southeast-1",
    "bandwidth:10 Mbps",
    "port:22",
    "cidr:198.51.100.7",
  ]),
  one(
    "terraform network and server",
    "Terraform please: VPC 10.30.0.0/16, one vSwitch 10.30.1.0/24, an ECS ecs.c7.xlarge",
    ["cidr:10.30.0.0/16", "cidr:10.30.1.0/24", "count:one vSwitch", "instance-type:ecs.c7.xlarge"],
    { inTemplate: ["cidr:10.30.0.0/16", "cidr:10.30.1.0/24", "instance-type:ecs.c7.xlarge"] },
  ),
  one("terraform bucket", "Terraform for an OSS bucket named logs-archive-2026 with KMS encryption", ["bucket-name:logs-archive-2026", "bucket-setting:KMS"], {
    inTemplate: ["bucket-name:logs-archive-2026", "bucket-setting:KMS"],
  }),
  one(
    "terraform source ranges",
    "Terraform: VPC 10.40.0.0/16 with one ECS, port 443 open from 198.51.100.0/24, SSH only from 203.0.113.0/24",
    ["cidr:10.40.0.0/16", "port:443", "cidr:198.51.100.0/24", "cidr:203.0.113.0/24"],
    { inTemplate: ["cidr:10.40.0.0/16", "port:443", "cidr:198.51.100.0/24", "cidr:203.0.113.0/24"] },
  ),
  one("mariadb with retention", "MariaDB 10.3 with 40 GB storage and a 7 day backup retention", ["engine-version:MariaDB 10.3", "size:40 GB", "days:7 day"]),
  one("two mappings", "Load balancer with listeners 80->8080 and 443->8443", ["port-mapping:80->8080", "port-mapping:443->8443"]),
  one("vswitches over zones", "Set up 4 vSwitches across 2 zones in VPC 10.10.0.0/16", ["count:4 vSwitches", "count:2 zones", "cidr:10.10.0.0/16"]),
  // A port is not a product (issue 19 item 2, kinds/protocol-mention.ts): no RDS for "MySQL port 3306".
  one("port is not a product", "Allow MySQL port 3306 from the app subnet 10.0.2.0/24 in a new VPC 10.0.0.0/16", [
    "port:3306",
    "cidr:10.0.2.0/24",
    "cidr:10.0.0.0/16",
  ]),
  one("storage is not a bucket", "DB with 200 GB storage in Hangzhou", ["size:200 GB", "region:cn-hangzhou"]),
  one("two redis", "two redis instances 2G each, redis 5.0", ["count:two redis", "size:2G", "engine-version:redis 5.0"]),
  one("web tier", "Web tier: 3 x ecs.g7.large in Hangzhou, port 80 from 0.0.0.0/0", [
    "instance-type:ecs.g7.large",
    "region:cn-hangzhou",
    "port:80",
    "cidr:0.0.0.0/0",
  ]),
  one("bastion", "bastion host with SSH 22 from 1.2.3.4, VPC 10.99.0.0/16", ["port:22", "cidr:1.2.3.4", "cidr:10.99.0.0/16"]),
  one("four rules", "security group: 22 from 10.0.0.0/8, 3389 from 192.168.1.0/24, 80 and 443 from anywhere", [
    "port:22",
    "port:3389",
    "port:80",
    "port:443",
    "cidr:10.0.0.0/8",
    "cidr:192.168.1.0/24",
  ]),
  one("static bucket", "public-read OSS bucket for static assets, objects expire after 30 days", ["bucket-setting:public-read", "days:30 days"]),
  one("mysql class and rule", "A MySQL 8.0 instance, 20GB, rds.mysql.t1.small, and a 3306 rule from 172.16.0.0/16", [
    "engine-version:MySQL 8.0",
    "size:20GB",
    "instance-type:rds.mysql.t1.small",
    "port:3306",
    "cidr:172.16.0.0/16",
  ]),
  one("port range", "ECS with ports 8000-8100 open to 10.0.0.0/8", ["port-range:8000-8100", "cidr:10.0.0.0/8"]),
  one("terabyte storage", "PostgreSQL 14 with 1 TB storage", ["engine-version:PostgreSQL 14", "size:1 TB"]),
  one("backend first", "two app servers on backend port 8080 behind listener 80", ["count:two app servers", "port-mapping:8080"]),
  one("backend first, SLB named", "SLB with backend 8080 behind listener 80, two ECS", ["port-mapping:8080 behind listener 80", "count:two ECS"], {
    inTemplate: ["port-mapping:8080 behind listener 80", "count:two ECS"],
  }),
  one("gigabit eip", "an EIP with 1 Gbps for the NAT gateway", ["bandwidth:1 Gbps"]),
  one("zone pinned database", "MySQL 8.0 in cn-hangzhou-h with 100GB", ["engine-version:MySQL 8.0", "zone:cn-hangzhou-h", "size:100GB"]),
  one("existing security group", "ECS ecs.g6.large in sg-bp1abcdefghij1234 and vsw-bp1zyxwvutsr9876", [
    "instance-type:ecs.g6.large",
    "resource-id:sg-bp1abcdefghij1234",
    "resource-id:vsw-bp1zyxwvutsr9876",
  ]),
  one("frankfurt servers", "5 ECS instances in Frankfurt, 60 GB system disk", ["count:5 ECS", "region:eu-central-1", "size:60 GB"]),
];

/** Issue 19, the ROS generator's gaps closed (i19d): each of these values was once only "not expressed". */
export const GAPS_CLOSED: SuiteCase[] = [
  // A number of an earlier clause counts nothing after the comma: this once built twenty EIPs.
  one(
    "a lifecycle's days before an EIP",
    "OSS bucket app-logs-2026 with versioning and 30 day lifecycle, EIP 20M, Hangzhou",
    ["bucket-name:app-logs-2026", "bucket-setting:versioning", "days:30 day", "bandwidth:20M", "region:cn-hangzhou"],
    { inTemplate: ["days:30 day"] },
  ),
  one("生命周期天数在 EIP 之前", "一个OSS存储桶，30天生命周期，EIP 带宽 20M", ["days:30天", "bandwidth:20M"], { inTemplate: ["days:30天"] }),
  one(
    "backup days without 'retention'",
    "MySQL 8.0 RDS, 500GB, backup 14 days, allow 10.1.0.0/16",
    ["engine-version:MySQL 8.0", "size:500GB", "days:14 days", "cidr:10.1.0.0/16"],
    {
      inTemplate: ["days:14 days"],
    },
  ),
  one("备份天数", "MySQL 数据库，备份 14 天", ["days:14 天"], { inTemplate: ["days:14 天"] }),
  one("counts after the noun", "ECS x2 + SLB(80->8080,443->8443)", ["count:ECS x2", "port-mapping:80->8080", "port-mapping:443->8443"], {
    inTemplate: ["count:ECS x2"],
  }),
  one("数量写在名词之后", "服务器 3 台，开放 80", ["count:服务器 3 台", "port:80"], { inTemplate: ["count:服务器 3 台", "port:80"] }),
  one("zones as a number", "3 servers across 2 zones, open 80", ["count:3 servers", "count:2 zones", "port:80"], { inTemplate: ["count:2 zones"] }),
  one("三个可用区", "VPC 10.1.0.0/16，3 个可用区各一个交换机", ["cidr:10.1.0.0/16", "count:3 个可用区"], { inTemplate: ["count:3 个可用区"] }),
  one(
    "a server's bandwidth beside the NAT's EIP",
    "VPC 192.168.0.0/16, one ECS with 10 Mbps bandwidth, EIP 5M for the NAT gateway",
    ["cidr:192.168.0.0/16", "bandwidth:10 Mbps", "bandwidth:5M", "count:one ECS"],
    { inTemplate: ["bandwidth:10 Mbps", "bandwidth:5M"] },
  ),
  one("服务器带宽与 NAT 的 EIP 带宽", "一台ECS，公网带宽20M，NAT网关的EIP带宽100M", ["bandwidth:20M", "bandwidth:100M", "count:一台ECS"], {
    inTemplate: ["bandwidth:20M", "bandwidth:100M"],
  }),
  one(
    "a version a clause after its engine",
    "a MySQL database in Shanghai, version 5.7, 100GB",
    ["engine-version:version 5.7", "region:cn-shanghai", "size:100GB"],
    {
      inTemplate: ["engine-version:version 5.7"],
    },
  ),
  one("版本写在后面", "VPC，两台 ECS，再加一个 Redis，版本 6.0", ["engine-version:版本 6.0", "count:两台 ECS"], { inTemplate: ["engine-version:版本 6.0"] }),
  one(
    "a web server on its ports",
    "small web stack: 2 x ecs.c7.large in cn-shenzhen, nginx on 80/443, a MySQL 5.7 (20 GB)",
    ["count:2 x ecs.c7.large", "region:cn-shenzhen", "port:80", "port:443", "engine-version:MySQL 5.7", "size:20 GB"],
    { inTemplate: ["port:80", "port:443"] },
  ),
  one("an app on its port", "one ECS, app on 8080, SSH from 10.0.0.0/8", ["count:one ECS", "port:8080", "cidr:10.0.0.0/8"], { inTemplate: ["port:8080"] }),
  one("ports opened with a verb only", "2 ECS, open 80 and 443", ["count:2 ECS", "port:80", "port:443"], { inTemplate: ["port:80", "port:443"] }),
  one(
    "a slash list of ports to the world",
    "3 servers, VPC 172.16.0.0/16, open 80/443 to the world",
    ["count:3 servers", "cidr:172.16.0.0/16", "port:80", "port:443"],
    {
      inTemplate: ["port:80", "port:443"],
    },
  ),
  one("来源在端口之前", "两台 ECS，安全组只允许 10.0.0.0/8 访问 22 端口，开放 8080", ["count:两台 ECS", "cidr:10.0.0.0/8", "port:22", "port:8080"], {
    inTemplate: ["cidr:10.0.0.0/8", "port:8080"],
  }),
  one("terraform: sizes and days, then counts", "Terraform: RDS MySQL 8.0 with 7 day backups, 2 ECS", [
    "engine-version:MySQL 8.0",
    "days:7 day",
    "count:2 ECS",
  ]),
  one("a DB is a database", "need a DB for the app: MySQL 5.7, 30 GB, Shanghai", ["engine-version:MySQL 5.7", "size:30 GB", "region:cn-shanghai"]),
  one("backup retention kept", "Postgres 15 DB, 100GB, keep backups 30 days", ["engine-version:Postgres 15", "size:100GB", "days:30 days"]),
  one("保留备份天数", "MySQL 8.0，存储100G，保留15天备份", ["engine-version:MySQL 8.0", "size:100G", "days:15天"]),
  one("vcpu and memory as a type", "3 servers, 2 vCPU / 4 GiB each, Hangzhou", ["count:3 servers", "compute-spec:2 vCPU / 4 GiB", "region:cn-hangzhou"]),
  one("核与内存", "一台16核64G的服务器，系统盘80G", ["compute-spec:16核64G", "size:80G", "count:一台"]),
  one("规格夹在数量和名词之间", "3台2核4G的ECS，杭州", ["count:3台", "compute-spec:2核4G", "region:cn-hangzhou"]),
  one("server public bandwidth", "one ECS with 20 Mbps public bandwidth, Beijing", ["bandwidth:20 Mbps", "count:one ECS", "region:cn-beijing"]),
  one("服务器公网带宽", "一台ECS，公网带宽20M，开放80端口", ["bandwidth:20M", "count:一台ECS", "port:80"]),
  one("a source per port", "one ECS: 8080 from 10.0.0.0/8, 9000 from 10.1.0.0/16", [
    "port:8080",
    "cidr:10.0.0.0/8",
    "port:9000",
    "cidr:10.1.0.0/16",
    "count:one ECS",
  ]),
  one("每个端口各自的来源", "一台ECS，8080只允许10.0.0.0/8访问，9000只允许10.1.0.0/16访问", [
    "port:8080",
    "cidr:10.0.0.0/8",
    "port:9000",
    "cidr:10.1.0.0/16",
    "count:一台ECS",
  ]),
  one("a single address", "ECS with SSH from 203.0.113.10 only", ["cidr:203.0.113.10"]),
  one("跳板机单个地址", "跳板机，SSH只允许 203.0.113.5", ["cidr:203.0.113.5"]),
  one("redis whitelist of two", "Redis 6.0, whitelist 10.3.0.0/16 and 10.4.0.0/16", ["engine-version:Redis 6.0", "cidr:10.3.0.0/16", "cidr:10.4.0.0/16"]),
  one("数据库白名单", "MySQL 8.0，白名单 172.16.0.0/12", ["engine-version:MySQL 8.0", "cidr:172.16.0.0/12"]),
  one("SQL Server year, one database", "SQL Server 2019 database, 300 GB, Shenzhen", ["engine-version:SQL Server 2019", "size:300 GB", "region:cn-shenzhen"]),
  one("a port range", "open ports 30000-32767 on two servers", ["port-range:30000-32767", "count:two servers"]),
  one("端口范围与来源", "两台服务器，开放30000-32767端口给172.16.0.0/12", ["port-range:30000-32767", "cidr:172.16.0.0/12", "count:两台服务器"]),
  {
    name: "EN: servers in an existing security group → one more server joins it",
    turns: [
      {
        ask: "ECS ecs.g7.large in sg-bp1existing0001 and vsw-bp1existing0002",
        values: ["resource-id:sg-bp1existing0001", "resource-id:vsw-bp1existing0002", "instance-type:ecs.g7.large"],
      },
      { ask: "add another ECS", values: [] },
    ],
  },
  one("现有安全组", "在现有安全组 sg-bp1existing0003 里建两台ECS", ["resource-id:sg-bp1existing0003", "count:两台ECS"]),
  // A count right after a comma-separated CIDR ("10.0.0.0/16, 2 ECS") is a count, not part of the block.
  one(
    "comma list: count and ports after a VPC range (Terraform)",
    "Terraform: VPC 10.0.0.0/16, 2 ECS, open 80 and 443 from 203.0.113.0/24",
    ["cidr:10.0.0.0/16", "count:2 ECS", "port:80", "port:443", "cidr:203.0.113.0/24"],
    { inTemplate: ["cidr:10.0.0.0/16", "count:2 ECS", "port:80", "port:443", "cidr:203.0.113.0/24"] },
  ),
  one(
    "semicolon list: two ECS, ports open from a range",
    "VPC 10.0.0.0/16; two ECS; ports 80,443 open from 198.51.100.0/24",
    ["cidr:10.0.0.0/16", "count:two ECS", "port:80", "port:443", "cidr:198.51.100.0/24"],
    { inTemplate: ["count:two ECS", "port:80", "port:443", "cidr:198.51.100.0/24"] },
  ),
  one(
    "逗号列表：两台ECS，端口开放给网段",
    "一个VPC 10.0.0.0/16，两台ECS，开放80和443给 203.0.113.0/24",
    ["cidr:10.0.0.0/16", "count:两台ECS", "port:80", "port:443", "cidr:203.0.113.0/24"],
    { inTemplate: ["count:两台ECS", "port:80", "port:443", "cidr:203.0.113.0/24"] },
  ),
  // "80,443" without a space is one list of ports: the comma does not end the source's clause.
  one(
    "ports without spaces, then their source (Terraform)",
    "terraform, vpc 10.0.0.0/16, 3 servers, allow 80,443 from 203.0.113.0/24",
    ["cidr:10.0.0.0/16", "count:3 servers", "port:80", "port:443", "cidr:203.0.113.0/24"],
    { inTemplate: ["count:3 servers", "port:80", "port:443", "cidr:203.0.113.0/24"] },
  ),
  one(
    "Terraform 逗号列表",
    "terraform，VPC 172.16.0.0/12，3台ECS，开放 8080 端口给 10.8.0.0/16",
    ["cidr:172.16.0.0/12", "count:3台ECS", "port:8080", "cidr:10.8.0.0/16"],
    { inTemplate: ["count:3台ECS", "port:8080", "cidr:10.8.0.0/16"] },
  ),
  one("a tf- name is no Terraform", "private bucket tf-logs-03 with versioning", [
    "bucket-name:tf-logs-03",
    "bucket-setting:versioning",
    "bucket-setting:private",
  ]),
];

export const GENERATION_ZH: SuiteCase[] = [
  one("数据库与VPC同网段", "在杭州创建一个VPC，网段10.20.0.0/16，再建一个MySQL 8.0数据库，存储50G，3306端口只允许10.20.0.0/16访问", [
    "cidr:10.20.0.0/16",
    "engine-version:MySQL 8.0",
    "size:50G",
    "port:3306",
    "region:cn-hangzhou",
  ]),
  one("监听转发", "负载均衡监听80端口，转发到后端8080，后面挂两台ECS，规格ecs.g7.large，北京", [
    "port-mapping:8080",
    "count:两台ECS",
    "instance-type:ecs.g7.large",
    "region:cn-beijing",
  ]),
  one("现有网络里的Redis", "帮我建一个Redis 6.0，容量4G，放在现有的vpc-bp1qpo0kug3a2abcdefg和vsw-bp1s5fnvk4gn2abcdefg里", [
    "engine-version:Redis 6.0",
    "size:4G",
    "resource-id:vpc-bp1qpo0kug3a2abcdefg",
    "resource-id:vsw-bp1s5fnvk4gn2abcdefg",
  ]),
  one("规格带宽端口", "两台4核8G的ECS，系统盘100G，公网带宽5M，开放22和443端口", [
    "count:两台",
    "compute-spec:4核8G",
    "size:100G",
    "bandwidth:5M",
    "port:22",
    "port:443",
  ]),
  one("存储桶设置", "建一个名为 img-store-01 的存储桶，公共读，开启版本控制，30天后过期", [
    "bucket-name:img-store-01",
    "bucket-setting:公共读",
    "bucket-setting:versioning",
    "days:30天",
  ]),
  one("不提供的版本", "上海，PostgreSQL 16，存储200G", ["region:cn-shanghai", "engine-version:PostgreSQL 16", "size:200G"]),
  one("NAT与EIP", "NAT网关加一个EIP，带宽100M，VPC网段172.16.0.0/12", ["bandwidth:100M", "cidr:172.16.0.0/12"]),
  one("三个端口", "安全组开放80、443、8443端口，VPC用10.0.0.0/8", ["port:80", "port:443", "port:8443", "cidr:10.0.0.0/8"]),
  one("规格与白名单", "MySQL 5.7数据库，规格rds.mysql.s2.large，存储100G，白名单10.1.0.0/16", [
    "engine-version:MySQL 5.7",
    "instance-type:rds.mysql.s2.large",
    "size:100G",
    "cidr:10.1.0.0/16",
  ]),
  one("两个可用区", "三台服务器分布在cn-shanghai-b和cn-shanghai-e两个可用区，前面一个负载均衡，443转发到8443", [
    "count:三台服务器",
    "zone:cn-shanghai-b",
    "zone:cn-shanghai-e",
    "port-mapping:443转发到8443",
  ]),
  one("交换机网段", "专有网络192.168.0.0/16，两个交换机192.168.10.0/24和192.168.20.0/24", [
    "cidr:192.168.0.0/16",
    "count:两个交换机",
    "cidr:192.168.10.0/24",
    "cidr:192.168.20.0/24",
  ]),
  one("Redis白名单", "Redis 7.0，8G内存，只允许10.0.1.0/24访问", ["engine-version:Redis 7.0", "size:8G", "cidr:10.0.1.0/24"]),
  one("新加坡单源", "新加坡一台ECS，公网带宽10M，22端口只对198.51.100.7开放", [
    "region:ap-southeast-1",
    "count:一台ECS",
    "bandwidth:10M",
    "port:22",
    "cidr:198.51.100.7",
  ]),
  one(
    "Terraform网络",
    "用Terraform写：VPC 10.30.0.0/16，一个交换机10.30.1.0/24，一台ECS ecs.c7.xlarge",
    ["cidr:10.30.0.0/16", "cidr:10.30.1.0/24", "instance-type:ecs.c7.xlarge"],
    {
      inTemplate: ["cidr:10.30.0.0/16", "cidr:10.30.1.0/24", "instance-type:ecs.c7.xlarge"],
    },
  ),
  one("MariaDB备份", "MariaDB 10.3，40G存储，备份保留7天", ["engine-version:MariaDB 10.3", "size:40G", "days:7天"]),
  one("两个监听", "负载均衡两个监听：80转发到8080，443转发到8443", ["port-mapping:80转发到8080", "port-mapping:443转发到8443"]),
  one("交换机与可用区", "在VPC 10.10.0.0/16里建4个交换机，分布在2个可用区", ["cidr:10.10.0.0/16", "count:4个交换机", "count:2个可用区"]),
  one("端口不是数据库", "允许3306端口从10.0.2.0/24访问，新建VPC 10.0.0.0/16", ["port:3306", "cidr:10.0.2.0/24", "cidr:10.0.0.0/16"]),
  one("存储不是存储桶", "数据库存储200G，放在杭州", ["size:200G", "region:cn-hangzhou"]),
  one("EIP带宽", "EIP带宽50M", ["bandwidth:50M"]),
  one("堡垒机", "堡垒机，22端口只允许1.2.3.4，VPC 10.99.0.0/16", ["port:22", "cidr:1.2.3.4", "cidr:10.99.0.0/16"]),
  one("四条规则", "安全组：22只允许10.0.0.0/8，3389只允许192.168.1.0/24，80和443对所有人开放", [
    "port:22",
    "port:3389",
    "port:80",
    "port:443",
    "cidr:10.0.0.0/8",
    "cidr:192.168.1.0/24",
  ]),
  one("静态资源桶", "公共读的OSS存储桶放静态资源，对象30天后过期", ["bucket-setting:公共读", "days:30天"]),
  one("大规格", "两台8核32G的ECS，系统盘40G，带宽5M", ["count:两台", "compute-spec:8核32G", "size:40G", "bandwidth:5M"]),
  one("1T存储", "PostgreSQL 14，1T存储", ["engine-version:PostgreSQL 14", "size:1T"]),
  one("端口范围", "一台ECS，开放8000-8100端口给10.0.0.0/8", ["count:一台ECS", "port-range:8000-8100", "cidr:10.0.0.0/8"]),
  one("千兆", "NAT网关配一个EIP，带宽1Gbps", ["bandwidth:1Gbps"]),
  one("SQL Server年份版本", "深圳的SQL Server 2019数据库，500G", ["region:cn-shenzhen", "engine-version:SQL Server 2019", "size:500G"]),
];

export const CONVERSATIONS: SuiteCase[] = [
  {
    name: "ZH: 三台ECS挂SLB → 把 SLB 去掉，每台一个 EIP → 把 Redis 加上，版本 6.0 → 数据库只允许一个网段",
    turns: [
      {
        ask: "杭州，VPC 10.30.0.0/16，三台 ECS 挂在 SLB 后面，监听 80 转发到 8080，再来一个 MySQL 8.0",
        values: ["cidr:10.30.0.0/16", "count:三台 ECS", "port-mapping:80 转发到 8080", "engine-version:MySQL 8.0", "region:cn-hangzhou"],
      },
      { ask: "把 SLB 去掉，给每台 ECS 一个 EIP，带宽 10M", values: ["bandwidth:10M", "count:一个 EIP"], inTemplate: ["bandwidth:10M"] },
      { ask: "把 Redis 加上，版本 6.0", values: ["engine-version:版本 6.0"], inTemplate: ["engine-version:版本 6.0"] },
      { ask: "数据库只允许 10.30.1.0/24 访问", values: ["cidr:10.30.1.0/24"], inTemplate: ["cidr:10.30.1.0/24"] },
    ],
  },
  {
    name: "EN: servers and a database → put it in an existing VPC",
    turns: [
      { ask: "two ECS and a MySQL 8.0 database, Hangzhou", values: ["count:two ECS", "engine-version:MySQL 8.0", "region:cn-hangzhou"] },
      { ask: "put it in vpc-bp1existing0009", values: ["resource-id:vpc-bp1existing0009"], inTemplate: ["resource-id:vpc-bp1existing0009"] },
    ],
  },
  {
    name: "ZH: 一台ECS → 放到现有VPC里",
    turns: [
      { ask: "一台ECS，开放80端口", values: ["count:一台ECS", "port:80"] },
      { ask: "放到现有的 vpc-bp1existing0010 里", values: ["resource-id:vpc-bp1existing0010"], inTemplate: ["resource-id:vpc-bp1existing0010"] },
    ],
  },
  {
    name: "ZH: 两台ECS开22和80 → 去掉 22 端口 / 把80端口删掉",
    turns: [
      { ask: "两台ECS，开放22和80端口", values: ["count:两台ECS", "port:22", "port:80"] },
      { ask: "去掉 22 端口", values: ["port:22"], inTemplate: ["port:22"] },
      { ask: "把80端口删掉", values: ["port:80"], inTemplate: ["port:80"] },
    ],
  },
  {
    name: "EN: SLB on 80 → change the listener to forward 80 to 8080 (the listener keeps 80, the servers open 8080)",
    turns: [
      { ask: "an SLB on port 80 with two ECS", values: ["port:80", "count:two ECS"], inTemplate: ["port:80", "count:two ECS"] },
      { ask: "change the listener to forward 80 to 8080", values: ["port-mapping:80 to 8080"], inTemplate: ["port-mapping:80 to 8080"] },
    ],
  },
  {
    name: "ZH: 负载均衡监听80 → 改成转发到后端8080",
    turns: [
      { ask: "一个负载均衡，监听80端口，后面两台ECS", values: ["port:80", "count:两台ECS"] },
      { ask: "监听80转发到后端8080", values: ["port-mapping:80转发到后端8080"], inTemplate: ["port-mapping:80转发到后端8080"] },
    ],
  },
  {
    name: "EN (gaps closed): web server → open 8080 too → system disk 120 GB",
    turns: [
      { ask: "a web server with port 80 open", values: ["port:80"] },
      { ask: "open 8080 too", values: ["port:8080"] },
      { ask: "system disk 120 GB", values: ["size:120 GB"] },
    ],
  },
  {
    name: "ZH (gaps closed): MySQL 100G → 存储扩到300G → 改用 MySQL 5.7",
    turns: [
      { ask: "一个MySQL数据库，100G", values: ["size:100G", "engine:MySQL"] },
      { ask: "存储扩到300G", values: ["size:300G"] },
      { ask: "改用 MySQL 5.7", values: ["engine-version:MySQL 5.7"] },
    ],
  },
  {
    name: "EN: servers → add an EIP → make the EIP 50M",
    turns: [
      { ask: "VPC 10.0.0.0/16 with two ECS in Hangzhou", values: ["cidr:10.0.0.0/16", "count:two ECS", "region:cn-hangzhou"] },
      { ask: "add an EIP with 20 Mbps", values: ["bandwidth:20 Mbps"] },
      { ask: "make the EIP 50M", values: ["bandwidth:50M"] },
    ],
  },
  {
    name: "ZH: 两台ECS和负载均衡 → 把80改成8080 → 系统盘调到120G",
    turns: [
      { ask: "两台ECS和一个负载均衡，北京", values: ["count:两台ECS", "region:cn-beijing"] },
      { ask: "把80改成8080", values: ["port:8080"] },
      { ask: "系统盘调到120G", values: ["size:120G"] },
    ],
  },
  {
    name: "EN: database → more storage → whitelist",
    turns: [
      { ask: "MySQL 8.0 database, 100 GB", values: ["engine-version:MySQL 8.0", "size:100 GB"] },
      { ask: "increase storage to 200 GB", values: ["size:200 GB"] },
      { ask: "only allow 10.8.0.0/16", values: ["cidr:10.8.0.0/16"] },
    ],
  },
  {
    name: "ZH: VPC、两台ECS、NAT → 删掉 NAT 网关 → 再加一台服务器",
    turns: [
      { ask: "创建一个VPC和两台ECS，加NAT网关", values: ["count:两台ECS"] },
      { ask: "删掉 NAT 网关", values: [] },
      { ask: "再加一台服务器", values: ["count:一台服务器"] },
    ],
  },
  {
    name: "EN: web server → open 443 → change 443 to 8443 → close port 80",
    turns: [
      { ask: "a web server with port 80 open", values: ["port:80"] },
      { ask: "open 443 too", values: ["port:443"] },
      { ask: "change 443 to 8443", values: ["port:8443"] },
      { ask: "close port 80", values: ["port:80"] },
    ],
  },
  {
    name: "ZH: 存储桶 → 公共读 → KMS 加密 → 90天过期",
    turns: [
      { ask: "创建一个OSS存储桶", values: [] },
      { ask: "改成公共读", values: [] },
      { ask: "开启KMS加密", values: [] },
      { ask: "对象90天后过期", values: ["days:90天"] },
    ],
  },
  {
    name: "EN: redis → capacity → existing VPC",
    turns: [
      { ask: "Redis 6.0 in Shanghai", values: ["engine-version:Redis 6.0", "region:cn-shanghai"] },
      { ask: "capacity 8 GB", values: ["size:8 GB"] },
      { ask: "put it in vpc-uf6abcdefgh12345", values: ["resource-id:vpc-uf6abcdefgh12345"] },
    ],
  },
  {
    name: "EN: server → SSH only from → instance type",
    turns: [
      { ask: "VPC with an ECS", values: [] },
      { ask: "SSH only from 203.0.113.0/24", values: ["cidr:203.0.113.0/24"] },
      { ask: "instance type ecs.g7.xlarge", values: ["instance-type:ecs.g7.xlarge"] },
    ],
  },
  {
    name: "ZH: 数据库 → 存储改成500G → 版本用5.7",
    turns: [
      { ask: "一个MySQL数据库", values: ["engine:MySQL"] },
      { ask: "存储改成500G", values: ["size:500G"] },
      { ask: "MySQL版本用5.7", values: ["engine-version:MySQL版本用5.7"] },
    ],
  },
  {
    name: "EN: SLB → listener 443 to backend 8443 → one more server",
    turns: [
      { ask: "Two servers behind an SLB", values: ["count:Two servers"] },
      { ask: "listener 443 to backend 8443", values: ["port-mapping:443 to backend 8443"] },
      { ask: "Add one more server", values: ["count:one more server"] },
    ],
  },
  {
    name: "ZH: 专有网络 → 加两个交换机 → 加一台ECS",
    turns: [
      { ask: "专有网络10.1.0.0/16", values: ["cidr:10.1.0.0/16"] },
      { ask: "加两个交换机", values: ["count:两个交换机"] },
      { ask: "加一台ECS，规格ecs.c7.large", values: ["count:一台ECS", "instance-type:ecs.c7.large"] },
    ],
  },
  {
    name: "EN: Singapore server → bandwidth → system disk",
    turns: [
      { ask: "An ECS in Singapore", values: ["region:ap-southeast-1"] },
      { ask: "bump public bandwidth to 20 Mbps", values: ["bandwidth:20 Mbps"] },
      { ask: "system disk 80 GB", values: ["size:80 GB"] },
    ],
  },
  {
    name: "ZH: 两台ECS → 开放3389只允许 → 去掉22端口",
    turns: [
      { ask: "在上海建两台ECS", values: ["count:两台ECS", "region:cn-shanghai"] },
      { ask: "开放 3389 端口，只允许 192.168.1.0/24", values: ["port:3389", "cidr:192.168.1.0/24"] },
      { ask: "去掉 22 端口", values: ["port:22"] },
    ],
  },
  {
    name: "EN: NAT → remove it → add a database",
    turns: [
      { ask: "A NAT gateway with an EIP for VPC 10.5.0.0/16", values: ["cidr:10.5.0.0/16"] },
      { ask: "remove the NAT gateway", values: [] },
      { ask: "add a MySQL 8.0 database with 20 GB", values: ["engine-version:MySQL 8.0", "size:20 GB"] },
    ],
  },
  {
    name: "EN: bucket name → versioning → expiry",
    turns: [
      { ask: "Bucket named data-lake-raw-01", values: ["bucket-name:data-lake-raw-01"] },
      { ask: "turn on versioning for the bucket", values: ["bucket-setting:versioning"] },
      { ask: "expire objects after 180 days", values: ["days:180 days"] },
    ],
  },
  {
    name: "ZH: Redis → 容量16G → 只允许网段",
    turns: [
      { ask: "Redis 缓存", values: [] },
      { ask: "容量改成16G", values: ["size:16G"] },
      { ask: "只允许 10.2.0.0/16 访问", values: ["cidr:10.2.0.0/16"] },
    ],
  },
  {
    // Issue 19 item 4: a Terraform conversation edits main.tf through its ROS form.
    name: "EN: Terraform VPC + 2 ECS → change 443 to 8443 → add a Redis 6.0 → 3 ECS → SSH only from a range",
    turns: [
      {
        ask: "Terraform: a VPC 10.20.0.0/16 with two ECS instances (ecs.g7.large) and a security group allowing 443 from 0.0.0.0/0 and 22 only from 10.20.0.0/16",
        values: ["instance-type:ecs.g7.large", "cidr:10.20.0.0/16", "cidr:0.0.0.0/0", "count:two ECS", "port:443"],
        inTemplate: ["instance-type:ecs.g7.large", "cidr:10.20.0.0/16", "cidr:0.0.0.0/0", "count:two ECS", "port:443"],
      },
      { ask: "change 443 to 8443", values: ["port:8443"], inTemplate: ["port:8443"] },
      { ask: "add a Redis 6.0 instance", values: ["engine-version:Redis 6.0"], inTemplate: ["engine-version:Redis 6.0"] },
      { ask: "make it 3 ECS instances", values: ["count:3 ECS"], inTemplate: ["count:3 ECS"] },
      { ask: "SSH only from 203.0.113.0/24", values: ["cidr:203.0.113.0/24"], inTemplate: ["cidr:203.0.113.0/24"] },
    ],
  },
  {
    name: "ZH: Terraform 两台ECS → 把443改成8443 → 加一个 Redis 6.0",
    turns: [
      {
        ask: "用Terraform写：VPC 10.30.0.0/16，两台ECS，开放443端口",
        values: ["cidr:10.30.0.0/16", "count:两台ECS", "port:443"],
        inTemplate: ["cidr:10.30.0.0/16", "count:两台ECS", "port:443"],
      },
      { ask: "把443改成8443", values: ["port:8443"], inTemplate: ["port:8443"] },
      { ask: "加一个 Redis 6.0", values: ["engine-version:Redis 6.0"], inTemplate: ["engine-version:Redis 6.0"] },
    ],
  },
];

const OPEN_SSH = `ROSTemplateFormatVersion: '2015-09-01'
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 10.0.0.0/16
  Sg:
    Type: ALIYUN::ECS::SecurityGroup
    Properties:
      VpcId:
        Ref: Vpc
      SecurityGroupIngress:
        - IpProtocol: tcp
          PortRange: 22/22
          SourceCidrIp: 0.0.0.0/0
`;

const OPEN_DB = `ROSTemplateFormatVersion: '2015-09-01'
Parameters:
  DbPassword:
    Type: String
    NoEcho: true
Resources:
  Db:
    Type: ALIYUN::RDS::DBInstance
    Properties:
      Engine: MySQL
      EngineVersion: '8.0'
      DBInstanceClass: rds.mysql.s2.large
      DBInstanceStorage: 50
      SecurityIPList: 0.0.0.0/0
      MasterUserPassword:
        Ref: DbPassword
`;

const DANGLING = `ROSTemplateFormatVersion: '2015-09-01'
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 10.0.0.0/16
  VSwitch:
    Type: ALIYUN::ECS::VSwitch
    Properties:
      VpcId:
        Fn::GetAtt: [NetworkMain, VpcId]
      ZoneId: cn-hangzhou-h
      CidrBlock: 10.0.1.0/24
`;

const CLOSED = `ROSTemplateFormatVersion: '2015-09-01'
Resources:
  Vpc:
    Type: ALIYUN::ECS::VPC
    Properties:
      CidrBlock: 10.0.0.0/16
  Sg:
    Type: ALIYUN::ECS::SecurityGroup
    Properties:
      VpcId:
        Ref: Vpc
      SecurityGroupIngress:
        - IpProtocol: tcp
          PortRange: 443/443
          SourceCidrIp: 10.0.0.0/16
`;

const RDP = OPEN_SSH.replace("22/22", "3389/3389");

export const REVIEWS: SuiteCase[] = [
  one("EN fenced: is this safe for production? (world-open SSH)", `Is this safe for production?\n\`\`\`yaml\n${OPEN_SSH}\`\`\``, [], {
    skill: "review",
    says: [/^\*\*Verdict: not safe for production\.\*\*/, /SSH|22/],
  }),
  one("ZH unfenced: 能上生产吗 (database whitelist 0.0.0.0/0)", `这个模板能上生产吗？\n${OPEN_DB}`, [], {
    skill: "review",
    says: [/^\*\*结论：不能直接用于生产。\*\*/, /0\.0\.0\.0\/0/],
  }),
  one("EN: review a dangling GetAtt", `Review this template\n\`\`\`yaml\n${DANGLING}\`\`\``, [], {
    skill: "review",
    says: [/changed Fn::GetAtt NetworkMain to Vpc/],
  }),
  one("ZH unfenced: 帮我审查这个模板", `帮我审查这个模板\n${DANGLING}`, [], { skill: "review" }),
  one("EN: production-ready? a closed template", `is this production-ready?\n\`\`\`yaml\n${CLOSED}\`\`\``, [], {
    skill: "review",
    says: [/^\*\*Verdict: no blocking finding for production\.\*\*/],
  }),
  one("ZH fenced: 检查一下 RDP", `检查一下这个模板，生产环境用\n\`\`\`yaml\n${RDP}\`\`\``, [], {
    skill: "review",
    says: [/^\*\*结论：不能直接用于生产。\*\*/, /3389/],
  }),
];

const TERRAFORM = `resource "alicloud_vpc" "main" {
  vpc_name   = "main"
  cidr_block = "10.0.0.0/16"
}
`;

export const CONVERSIONS: SuiteCase[] = [
  one("EN: convert terraform", `Convert this Terraform to a ROS template\n\`\`\`hcl\n${TERRAFORM}\`\`\``, [], { skill: "conversion" }),
  one("ZH: 转换 terraform", `把这个Terraform转换成ROS模板\n\`\`\`hcl\n${TERRAFORM}\`\`\``, [], { skill: "conversion" }),
  one("EN: package terraform with a variable", `Package my terraform into ROS:\n\`\`\`hcl\nvariable "name" {\n  default = "demo"\n}\n${TERRAFORM}\`\`\``, [], {
    skill: "conversion",
  }),
];

export const OPERATIONS: SuiteCase[] = [
  one("EN: stack failed", "My ROS stack is in CREATE_FAILED, the event says the vSwitch CIDR conflicts. What do I do?", [], { skill: "operations" }),
  one("ZH: 回滚失败", "资源栈状态是 ROLLBACK_FAILED，怎么处理？", [], { skill: "operations" }),
  one("EN: update in progress", "stack stuck in UPDATE_IN_PROGRESS for an hour, how do I see what it is waiting on?", [], { skill: "operations" }),
];

/** Requests nothing can be built for: their values are still named as not expressed, never passed over. */
export const OUT_OF_SCOPE: SuiteCase[] = [
  // "3 replicas" is a value too (issue 27 item 1): not placed, so listed as not confirmed.
  one("EN: a Helm chart with a port", "Write a Helm chart exposing port 8080 with 3 replicas", ["port:8080"], {
    says: [/^\*\*Request check: 1 of the 2 values[^\n]*1 could not be confirmed/],
  }),
  one("ZH: Helm chart 与端口", "写一个 Helm chart，开放 8080 端口", ["port:8080"], { says: [/^\*\*请求核对：你给出的 1 个值中有 1 个不在模板中\*\*/] }),
];

export const ALL_CASES: SuiteCase[] = [
  ...GENERATION_EN,
  ...GENERATION_ZH,
  ...GAPS_CLOSED,
  ...CONVERSATIONS,
  ...REVIEWS,
  ...CONVERSIONS,
  ...OPERATIONS,
  ...OUT_OF_SCOPE,
];
