/** The SLB load balancer: an Internet-facing CLB with a listener per port, billed by the hour and by traffic. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildSlb as buildRos } from "./ros";
import { buildSlb as buildTerraform } from "./terraform";
import { readHealthCheckPath } from "./health-check";
import { readLoadBalancerSpec } from "./load-balancer-spec";

const LISTENER = "ALIYUN::SLB::Listener";

const SLB_LOAD_BALANCER_ATTRIBUTES =
  "AddressIPVersion AddressType Bandwidth IpAddress LoadBalancerId LoadBalancerName LoadBalancerSpec MasterZoneId NetworkType OrderId PayType ResourceGroupId SlaveZoneId VSwitchId VpcId";

export const slb: KindDefinition = {
  kind: "slb",
  label: phrase("SLB load balancer", "SLB 负载均衡"),
  catalogueName: phrase("SLB", "SLB"),
  rosType: "ALIYUN::SLB::LoadBalancer",
  rosParts: [LISTENER, "ALIYUN::SLB::BackendServerAttachment"],
  terraformType: "alicloud_slb_load_balancer",
  terraformParts: ["alicloud_slb_listener", "alicloud_slb_backend_server"],
  nouns: /\bslbs?\b|\bclbs?\b|\bload[- ]?balanc(?:er|ers|ing)\b|负载均衡/gi,
  billable: true,
  maxCount: 3,
  needs: [],
  takesAlong: [],
  values: [
    {
      sort: "port",
      label: phrase("listener port", "监听端口"),
      rosType: LISTENER,
      rosProperty: "ListenerPort",
      terraformType: "alicloud_slb_listener",
      terraformArgument: "frontend_port",
    },
    {
      sort: "portMapping",
      label: phrase("backend port", "后端端口"),
      rosType: LISTENER,
      rosProperty: "BackendServerPort",
      terraformType: "alicloud_slb_listener",
      terraformArgument: "backend_port",
    },
  ],
  rosProperties: {
    "ALIYUN::SLB::LoadBalancer":
      "AddressIPVersion:s=ipv4|ipv6 AddressType:s=internet|intranet AutoPay:b Bandwidth:i DeletionProtection:b Duration:i InstanceChargeType:s InternetChargeType:s=paybybandwidth|paybytraffic LoadBalancerName:s LoadBalancerSpec:s MasterZoneId:s ModificationProtectionReason:s ModificationProtectionStatus:s PayType:s=PayOnDemand|PrePay PricingCycle:s=month|year ResourceGroupId:s SlaveZoneId:s Tags:l VSwitchId:s VpcId:s",
    "ALIYUN::SLB::Listener":
      "AclId:s AclStatus:s=on|off AclType:s=white|black BackendServerPort:i Bandwidth:i CACertificateId:s Description:s EnableHttp2:s=on|off GzipEnabled:s=on|off HealthCheck:m HttpConfig:m IdleTimeout:i ListenerPort:i LoadBalancerId:s MasterSlaveServerGroupId:s Persistence:m PortRange:l Protocol:s=http|https|tcp|udp RequestTimeout:i Scheduler:s=wrr|wlc|rr|sch|tch|qch ServerCertificateId:s StartListener:b TLSCipherPolicy:s VServerGroupId:s",
    "ALIYUN::SLB::BackendServerAttachment": "BackendServerList:l BackendServerWeightList:l BackendServers:l LoadBalancerId:s",
  },
  rosResourceTypes: {
    "ALIYUN::SLB::LoadBalancer": spec(SLB_LOAD_BALANCER_ATTRIBUTES),
    "ALIYUN::SLB::Listener": spec("ListenerPortsAndProtocol LoadBalancerId", "BackendServerPort Bandwidth ListenerPort LoadBalancerId Protocol"),
    "ALIYUN::SLB::BackendServerAttachment": spec("BackendServers LoadBalancerId", "LoadBalancerId"),
  },
  readValues: (text, into) => {
    readHealthCheckPath(text, into);
    readLoadBalancerSpec(text, into);
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
