/**
 * The user's own servers, named by id ("bind it to i-bp1…", "internal SLB for my mysql boxes i-… and
 * i-…"): a template with no server of its own refers to them through parameters whose defaults are
 * the ids, so the deployer sees and may change them. The EIP and SLB builders share the parameters:
 * one server is one parameter, however many resources use it.
 */
import { addGroup, type RosBuild } from "../generate/ros-build/builder";

/** The parameter of the user's server at `index` (0-based): `InstanceId`, `InstanceId2`, … */
function existingInstanceParameter(index: number): string {
  return index === 0 ? "InstanceId" : `InstanceId${index + 1}`;
}

/** The parameters of the request's existing servers, added once each; [] when it names none or builds servers of its own. */
export function existingInstanceParameters({ request, instances, builder }: RosBuild, usedBy: string): string[] {
  if (instances.length > 0 || !request.existingInstanceIds) return [];
  const added: string[] = [];
  const names = request.existingInstanceIds.map((id, index) => {
    const name = existingInstanceParameter(index);
    if (builder.parameters[name] === undefined) {
      added.push(name);
      builder.parameters[name] = {
        Type: "String",
        Label: index === 0 ? "Existing ECS instance" : `Existing ECS instance ${index + 1}`,
        Description: `The ECS instance ${usedBy}.`,
        AssociationProperty: "ALIYUN::ECS::Instance::InstanceId",
        Default: id,
      };
    }
    return name;
  });
  addGroup(builder, "Existing servers", added);
  return names;
}
