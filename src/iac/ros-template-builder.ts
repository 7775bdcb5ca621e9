/**
 * Builds a ROS template from an InfrastructureRequest.
 *
 * Conventions of iac-code's generation skill are followed: inventory-dependent values (zones,
 * instance types, images, disk categories, database classes) are Parameters with an
 * AssociationProperty and no guessed default, secrets are NoEcho parameters, every Output has a Label,
 * and SSH is open only to the VPC itself.
 *
 * Each kind's builder is in ros-build/<kind>.ts (the network kinds together in ros-build/network.ts);
 * this file runs them in dependency order and writes the template around them.
 */
import type { InfrastructureRequest } from "./generation-request";
import type { Builder, Definition, Template } from "./ros-build/builder";
import { buildEcs } from "./ros-build/ecs";
import { buildEips } from "./ros-build/eip";
import { buildNat } from "./ros-build/nat";
import { buildNetwork } from "./ros-build/network";
import { buildOss } from "./ros-build/oss";
import { buildRds } from "./ros-build/rds";
import { buildRedis } from "./ros-build/redis";
import { buildSlb } from "./ros-build/slb";
import { ROS_FORMAT_VERSION } from "./template-model";

function description(request: InfrastructureRequest, resources: Record<string, Definition>): string {
  const counts = new Map<string, number>();
  for (const resource of Object.values(resources)) {
    const type = String(resource.Type);
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, count]) => `${type} x${count}`);
  const region = request.region ? ` Region: ${request.region} (create the stack in this region).` : "";
  return `Resources: ${parts.join(", ")}.${region}`;
}

export function buildRosTemplate(request: InfrastructureRequest): Template {
  const builder: Builder = { parameters: {}, resources: {}, outputs: {}, groups: [], notes: [] };
  const network = buildNetwork(request, builder);
  const instances = buildEcs(request, network, builder);
  const natEip = buildEips(request, instances, builder);
  buildNat(request, network, natEip, builder);
  buildSlb(request, instances, builder);
  buildRds(request, network, builder);
  buildRedis(request, network, builder);
  buildOss(request, builder);
  const template: Template = {
    ROSTemplateFormatVersion: ROS_FORMAT_VERSION,
    Description: description(request, builder.resources),
  };
  if (builder.groups.length > 0) {
    template.Metadata = {
      "ALIYUN::Interface": {
        ParameterGroups: builder.groups.map((group) => ({
          Parameters: group.parameters,
          Label: { default: group.label },
        })),
      },
    };
  }
  if (Object.keys(builder.parameters).length > 0) template.Parameters = builder.parameters;
  template.Resources = builder.resources;
  template.Outputs = builder.outputs;
  return template;
}
