/**
 * The shape of one entry of the offline ROS resource-type catalogue (data/ros-resource-types.ts) and
 * the helper that writes it, in a file of their own: the kinds write the entries of their own types
 * (kinds/<kind>/index.ts `rosResourceTypes`) and the catalogue reads the kinds, so the shape sits
 * below both (the import rules forbid a cycle of files).
 */

export interface RosResourceTypeSpec {
  /** Attribute names accepted by `Fn::GetAtt`. An empty list means the type exposes none. */
  readonly attributes: readonly string[];
  /** Properties the type cannot be created without. */
  readonly required?: readonly string[];
  /** Groups of alternatives: at least one property of each group must be set (e.g. ImageId or ImageFamily). */
  readonly requiredOneOf?: readonly (readonly string[])[];
  /** Attribute names are open-ended (nested stack outputs, custom resources), so they are not checked. */
  readonly dynamicAttributes?: boolean;
}

function words(list: string): string[] {
  return list.split(/\s+/).filter((word) => word.length > 0);
}

export function spec(attributes: string, required = "", requiredOneOf: string[] = []): RosResourceTypeSpec {
  return {
    attributes: words(attributes),
    ...(required ? { required: words(required) } : {}),
    ...(requiredOneOf.length > 0 ? { requiredOneOf: requiredOneOf.map(words) } : {}),
  };
}
