import { stringify } from "yaml";

const SECTION_ORDER = [
  "ROSTemplateFormatVersion",
  "Transform",
  "Description",
  "Metadata",
  "Parameters",
  "Mappings",
  "Conditions",
  "Rules",
  "Locals",
  "Resources",
  "Outputs",
  "Workspace",
];

/**
 * Serializes a template as YAML in the conventional section order, with functions in their long form
 * (`Fn::GetAtt:`), which every YAML parser reads without custom tags.
 *
 * YAML 1.1 quoting is used on purpose: ROS and most tooling read templates as YAML 1.1, where an
 * unquoted 2015-09-01 is a date and `on`/`yes` are booleans; quoting them keeps them strings.
 */
export function toRosYaml(template: Record<string, unknown>): string {
  const ordered: Record<string, unknown> = {};
  for (const key of SECTION_ORDER) {
    if (key in template) ordered[key] = template[key];
  }
  for (const [key, value] of Object.entries(template)) {
    if (!(key in ordered)) ordered[key] = value;
  }
  return stringify(ordered, { version: "1.1", lineWidth: 0, singleQuote: true });
}
