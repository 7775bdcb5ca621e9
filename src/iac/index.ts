/**
 * The iac-code domain: ROS templates (parse, validate, review, generate), Terraform packaging and
 * ROS stack explanations. Pure and deterministic: no network, no bindings, no I/O, and no imports
 * from other folders of this project.
 */
export type { Diagnostic } from "./diagnostic";
export { parseTemplate } from "./parse-template";
export { validateTemplate, validateTemplateObject, type ValidationResult } from "./template-validator";
export { detectLanguage, type ReplyLanguage, type Phrase } from "./request-language";
export { editTemplate, type EditResult } from "./template-edit";
export { summarizeRosTemplate } from "./template-summary";
export { toRosYaml } from "./template-yaml";
export { findRegion } from "./regions";
export { section } from "./template-model";
export { reviewTemplate, type ReviewResult, type ReviewOptions } from "./template-reviewer";
export { asksForVerdict } from "./review-verdict";
export { generateTemplate, type GenerationRequest, type GeneratedTemplate } from "./template-generator";
export { packageTerraform, TERRAFORM_TRANSFORM, type PackageResult } from "./terraform-packager";
export { renderTerraform, TERRAFORM_MEDIA_TYPE, terraformOfTwin, type RenderedTerraform, type TerraformRenderInput } from "./terraform-render";
export { explainStackOperation } from "./stack-operations";
export { classifyRequest, type RequestKind } from "./request-classifier";
export {
  BILLABLE_ROS_TYPES,
  BILLABLE_TERRAFORM_TYPES,
  dependentsOf,
  KINDS,
  kindCatalogue,
  kindOfRosType,
  kindOfTerraformType,
  placesOf,
  RESOURCE_KINDS,
  type KindDefinition,
  type KindValue,
  type RequestValueSort,
  type ResourceKind,
} from "./kinds";
export { ROS_RESOURCE_TYPES, type RosResourceTypeSpec } from "./data/ros-resource-types";
export {
  checkBlocks,
  checkHeadline,
  checkRequest,
  extractRequestedValues,
  requestProse,
  requestCheckMetadata,
  withRequestCheck,
  NOT_EXPRESSED_HEADING,
  type RequestCheck,
  type CheckedValue,
} from "./request-check";
