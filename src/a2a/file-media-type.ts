/**
 * The media type of a workspace file or artifact by its name, for files that arrive without a
 * useful one. HCL has no registered type: `text/x-hcl` keeps it in the text tree, as the
 * Terraform generator labels `main.tf`.
 */
export function mediaTypeOf(path: string): string {
  const lower = path.toLowerCase();
  if (lower.endsWith(".yaml") || lower.endsWith(".yml")) return "application/yaml";
  if (lower.endsWith(".json")) return "application/json";
  if (lower.endsWith(".tf") || lower.endsWith(".hcl")) return "text/x-hcl";
  if (lower.endsWith(".md")) return "text/markdown";
  return "text/plain";
}
