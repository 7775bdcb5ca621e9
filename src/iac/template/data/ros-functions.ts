/**
 * The 43 functions of ROS template format 2015-09-01, as registered by iac-code's offline validator
 * (`src/iac_code/tools/cloud/aliyun/ros_validation/function_specs.py`) and documented in the ROS
 * "Functions" reference. Each has a YAML short tag: `!Ref`, and `!Name` for `Fn::Name`.
 */
export const ROS_FUNCTIONS: readonly string[] = [
  "Ref",
  "Fn::Add",
  "Fn::And",
  "Fn::Any",
  "Fn::Avg",
  "Fn::Base64",
  "Fn::Base64Decode",
  "Fn::Base64Encode",
  "Fn::Calculate",
  "Fn::Cidr",
  "Fn::Contains",
  "Fn::EachMemberIn",
  "Fn::Equals",
  "Fn::FindInMap",
  "Fn::FormatTime",
  "Fn::GetAZs",
  "Fn::GetAtt",
  "Fn::GetJsonValue",
  "Fn::GetStackOutput",
  "Fn::If",
  "Fn::Indent",
  "Fn::Index",
  "Fn::Jq",
  "Fn::Join",
  "Fn::Length",
  "Fn::ListMerge",
  "Fn::MarketplaceImage",
  "Fn::MatchPattern",
  "Fn::Max",
  "Fn::MemberListToMap",
  "Fn::MergeMap",
  "Fn::MergeMapToList",
  "Fn::Min",
  "Fn::Not",
  "Fn::Or",
  "Fn::Replace",
  "Fn::ResourceFacade",
  "Fn::Select",
  "Fn::SelectMapList",
  "Fn::Split",
  "Fn::Str",
  "Fn::Sub",
  "Fn::TransformNamespace",
];

export const ROS_FUNCTION_NAMES: ReadonlySet<string> = new Set(ROS_FUNCTIONS);

/** `!Ref` → `Ref`, `!GetAtt` → `Fn::GetAtt`. */
export function functionNameForShortTag(shortName: string): string {
  return shortName === "Ref" ? "Ref" : `Fn::${shortName}`;
}

/** Pseudo parameters every template can `Ref` (iac-code `ros_validation/symbols.py`). */
export const ROS_PSEUDO_PARAMETERS: ReadonlySet<string> = new Set([
  "ALIYUN::StackId",
  "ALIYUN::StackName",
  "ALIYUN::Region",
  "ALIYUN::AccountId",
  "ALIYUN::TenantId",
  "ALIYUN::ResourceGroupId",
  "ALIYUN::NoValue",
  "ALIYUN::Index",
]);
