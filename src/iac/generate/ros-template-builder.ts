/**
 * Builds a ROS template from an InfrastructureRequest.
 *
 * Conventions of iac-code's generation skill are followed: inventory-dependent values (zones,
 * instance types, images, disk categories, database classes) are Parameters with an
 * AssociationProperty and no guessed default, secrets are NoEcho parameters, every Output has a Label,
 * and SSH is open only to the VPC itself.
 *
 * Each kind's builder is in kinds/<kind>/ros.ts, reached from its definition; this file runs them in
 * the registry's build order (kinds/index.ts `BUILD_ORDER`) and writes the template around them.
 */
import type { InfrastructureRequest } from "../read/infrastructure-request";
import { BUILD_ORDER, KINDS } from "../kinds";
import { type Builder, type Definition, resourcesDescription, type RosBuild, type Template } from "./ros-build/builder";
import { ROS_FORMAT_VERSION } from "../template/template-model";

function description(request: InfrastructureRequest, resources: Record<string, Definition>): string {
  const region = request.region ? ` Region: ${request.region} (create the stack in this region).` : "";
  return `${resourcesDescription(resources)}${region}`;
}

export function buildRosTemplate(request: InfrastructureRequest): Template {
  const builder: Builder = { parameters: {}, resources: {}, outputs: {}, groups: [], notes: [] };
  const build: RosBuild = { request, builder, network: { vswitches: [], zones: [], securityGroups: [] }, instances: [] };
  for (const kind of BUILD_ORDER) KINDS[kind].build.ros(build);
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
