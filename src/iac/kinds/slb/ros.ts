/** The ROS builder of the SLB kind (index.ts): load balancers with a listener per port or mapping and every instance as a backend. */
import { DEFAULT_SLB_SPEC } from "./load-balancer-spec";
import { SENSITIVE_PORTS } from "../../generate/resource-defaults";
import { listenersOf } from "./listeners";
import { protocolFor } from "./protocol";
import { addGroup, getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";
import { existingInstanceParameters } from "../existing-instances";

/** The ports a listener serves: not a sensitive port (RDP, a database's) nor one kept inside the VPC, unless nothing else is left. */
function listenedPorts(request: RosBuild["request"]): number[] {
  const served = request.publicPorts.filter((port) => !SENSITIVE_PORTS.has(port) && request.insidePorts?.has(port) !== true);
  return served.length > 0 || request.portMappings.length > 0 ? served : request.publicPorts;
}

/** The parameter an HTTPS listener's certificate comes from (the editor adds it too, with a listener: edit/listener-edit.ts). */
export const CERTIFICATE_PARAMETER = "SlbServerCertificateId";

export function certificateParameter(): Record<string, unknown> {
  return {
    Type: "String",
    Label: "SLB server certificate",
    Description: "ID of the SLB server certificate the HTTPS listener serves (upload it in the SLB console first).",
  };
}

/** One listener's properties: the generator's and the editor's listeners are the same resource. */
export function listenerProperties(balancer: string, front: number, back: number, protocol: string): Record<string, unknown> {
  return {
    LoadBalancerId: ref(balancer),
    Protocol: protocol,
    ListenerPort: front,
    BackendServerPort: back,
    Bandwidth: -1,
    ...(protocol === "https" ? { ServerCertificateId: ref(CERTIFICATE_PARAMETER) } : {}),
  };
}

/** The VPC and vSwitch of the user's servers, as parameters: an internal load balancer must stand in their network. */
function serversNetwork(builder: RosBuild["builder"]): { vpc: string; vswitch: string } {
  builder.parameters.SlbVpcId = {
    Type: "String",
    Label: "VPC of your servers",
    Description: "The VPC the internal load balancer is placed in: the one your servers are in.",
    AssociationProperty: "ALIYUN::ECS::VPC::VPCId",
  };
  builder.parameters.SlbVSwitchId = {
    Type: "String",
    Label: "vSwitch of the load balancer",
    Description: "A vSwitch of that VPC for the internal load balancer's address.",
    AssociationProperty: "ALIYUN::VPC::VSwitch::VSwitchId",
    AssociationPropertyMetadata: { VpcId: "${SlbVpcId}" },
  };
  addGroup(builder, "Load balancer", ["SlbVpcId", "SlbVSwitchId"]);
  return { vpc: "SlbVpcId", vswitch: "SlbVSwitchId" };
}

export function buildSlb(build: RosBuild): void {
  const { request, instances, builder, network } = build;
  if (request.counts.slb === 0) return;
  // "internal SLB for my mysql boxes i-… and i-…": with no server of its own, the user's servers are the backends.
  const backends = instances.length > 0 ? instances : existingInstanceParameters(build, "behind the load balancer");
  builder.parameters.SlbZoneId = {
    Type: "String",
    Label: "SLB primary zone",
    Description: "Primary zone of the load balancer.",
    AssociationProperty: "ALIYUN::SLB::LoadBalancer::ZoneId",
  };
  addGroup(builder, "Load balancer", ["SlbZoneId"]);
  const listeners = listenersOf(listenedPorts(request), request.portMappings, request.listenerProtocols);
  // An HTTPS listener serves a certificate: the user picks theirs (an id ROS cannot invent).
  if (listeners.some((listener) => listener.protocol === "https")) {
    builder.parameters[CERTIFICATE_PARAMETER] = certificateParameter();
    addGroup(builder, "Load balancer", [CERTIFICATE_PARAMETER]);
  }
  // "internal SLB for my servers i-…": no network is built, so the load balancer stands in the servers' own VPC (parameters).
  const place = network.vpc ? { vpc: network.vpc, vswitch: network.vswitches[0] ?? "VSwitch" } : request.internalSlb ? serversNetwork(builder) : undefined;
  names("Slb", request.counts.slb).forEach((slb, index) => {
    builder.resources[slb] = {
      Type: "ALIYUN::SLB::LoadBalancer",
      Properties: {
        LoadBalancerName: `slb-${index + 1}`,
        ...(request.internalSlb && place && (request.internalSlbPositions?.includes(index) ?? true)
          ? { AddressType: "intranet", VpcId: ref(place.vpc), VSwitchId: ref(place.vswitch) }
          : { AddressType: "internet", InternetChargeType: "paybytraffic" }),
        LoadBalancerSpec: DEFAULT_SLB_SPEC,
        MasterZoneId: ref("SlbZoneId"),
      },
    };
    // "one public for web on 443, one internal for api on 8080": each load balancer its own ports.
    const own = request.slbListenerPorts?.[index];
    const served = own ? listenersOf(own, request.portMappings, request.listenerProtocols) : listeners;
    for (const { front, back, protocol } of served) {
      // "redirect 80 to 443": an HTTP listener that sends its clients to the other listener (CLB's listener forwarding).
      const redirect = request.portRedirects?.find((candidate) => candidate.from === front);
      const stated = redirect ? "http" : protocolFor(front, protocol);
      builder.resources[`${slb}Listener${front}`] = {
        Type: "ALIYUN::SLB::Listener",
        Properties: {
          ...listenerProperties(slb, front, back, stated),
          ...(redirect ? { HttpConfig: { ListenerForward: "on", ForwardPort: redirect.to } } : {}),
        },
      };
    }
    if (backends.length > 0) {
      builder.resources[`${slb}BackendServers`] = {
        Type: "ALIYUN::SLB::BackendServerAttachment",
        Properties: {
          LoadBalancerId: ref(slb),
          BackendServers: backends.map((instance) => ({ ServerId: ref(instance), Weight: 100 })),
        },
      };
    }
    output(builder, `${slb}IpAddress`, `Load balancer ${index + 1} address`, getAtt(slb, "IpAddress"), "The service address of the load balancer.");
  });
}
