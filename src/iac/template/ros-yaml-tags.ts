import type { CollectionTag, ScalarTag, YAMLMap, YAMLSeq } from "yaml";
import { ROS_FUNCTIONS } from "./data/ros-functions";

/**
 * YAML short tags for the ROS functions: `!Ref X` becomes `{Ref: X}`, `!GetAtt A.B` becomes
 * `{"Fn::GetAtt": [A, B]}`, and `!Join [...]` becomes `{"Fn::Join": [...]}`. Each function gets a scalar,
 * a sequence and a mapping form so that any node style after the tag resolves to the long form.
 */
function scalarArgument(functionName: string, value: string): unknown {
  if (functionName === "Fn::GetAtt") {
    const dot = value.indexOf(".");
    return dot > 0 ? [value.slice(0, dot), value.slice(dot + 1)] : [value];
  }
  return value;
}

function tagsFor(functionName: string): (ScalarTag | CollectionTag)[] {
  const tag = functionName === "Ref" ? "!Ref" : `!${functionName.slice("Fn::".length)}`;
  return [
    { tag, resolve: (value: string) => ({ [functionName]: scalarArgument(functionName, value) }) },
    {
      tag,
      collection: "seq",
      resolve: (value: YAMLMap.Parsed | YAMLSeq.Parsed) => ({ [functionName]: value.toJSON() }),
    },
    {
      tag,
      collection: "map",
      resolve: (value: YAMLMap.Parsed | YAMLSeq.Parsed) => ({ [functionName]: value.toJSON() }),
    },
  ];
}

export const ROS_YAML_TAGS: readonly (ScalarTag | CollectionTag)[] = ROS_FUNCTIONS.flatMap(tagsFor);
