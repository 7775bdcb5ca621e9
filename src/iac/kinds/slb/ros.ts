/** The ROS builder of the SLB kind (index.ts): load balancers with a listener per port or mapping and every instance as a backend. */
import { listenersOf } from "./listeners";
import { addGroup, getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";

export function buildSlb({ request, instances, builder }: RosBuild): void {
  if (request.counts.slb === 0) return;
  builder.parameters.SlbZoneId = {
    Type: "String",
    Label: "SLB primary zone",
    Description: "Primary zone of the load balancer.",
    AssociationProperty: "ALIYUN::SLB::LoadBalancer::ZoneId",
  };
  addGroup(builder, "Load balancer", ["SlbZoneId"]);
  const listeners = listenersOf(request.publicPorts, request.portMappings);
  names("Slb", request.counts.slb).forEach((slb, index) => {
    builder.resources[slb] = {
      Type: "ALIYUN::SLB::LoadBalancer",
      Properties: {
        LoadBalancerName: `slb-${index + 1}`,
        AddressType: "internet",
        InternetChargeType: "paybytraffic",
        LoadBalancerSpec: "slb.s1.small",
        MasterZoneId: ref("SlbZoneId"),
      },
    };
    for (const { front, back } of listeners) {
      builder.resources[`${slb}Listener${front}`] = {
        Type: "ALIYUN::SLB::Listener",
        Properties: {
          LoadBalancerId: ref(slb),
          Protocol: front === 80 ? "http" : "tcp",
          ListenerPort: front,
          BackendServerPort: back,
          Bandwidth: -1,
        },
      };
    }
    if (instances.length > 0) {
      builder.resources[`${slb}BackendServers`] = {
        Type: "ALIYUN::SLB::BackendServerAttachment",
        Properties: {
          LoadBalancerId: ref(slb),
          BackendServers: instances.map((instance) => ({ ServerId: ref(instance), Weight: 100 })),
        },
      };
    }
    output(builder, `${slb}IpAddress`, `Load balancer ${index + 1} address`, getAtt(slb, "IpAddress"), "The service address of the load balancer.");
  });
}
