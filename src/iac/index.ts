/**
 * The iac-code domain: ROS templates (parse, validate, review, generate), Terraform packaging and
 * ROS stack explanations. Pure and deterministic: no network, no bindings, no I/O, and no imports
 * from other folders of this project.
 *
 * Its rooms follow a request's flow (shared/design.md, issue 27 item 7):
 * - `read/`: the request as the engine reads it (language, classifier, values, ports, ranges, regions);
 * - `kinds/<kind>/`: the registry, one folder per resource kind (nouns, values, builders, catalogue);
 * - `generate/`: a new ROS template from what was read, the user's values applied, the reply;
 * - `edit/`: a follow-up's changes to the current template;
 * - `review/`: the validator with coded diagnostics, the reviewer, repairs and the verdict;
 * - `check/`: the request check, which reads the request on its own, so a misreading is caught;
 * - `terraform/`: Terraform rendered from its ROS twin, and Terraform packaged into ROS;
 * - `template/`: parse, model and YAML of a ROS template, with the type and property catalogues;
 * - `stack/`: stack states and failures explained.
 * This file is the one door the rest of the project uses.
 */
export type { Diagnostic } from "./template/diagnostic";
export { parseTemplate } from "./template/parse-template";
export { validateTemplate, validateTemplateObject, type ValidationResult } from "./review/template-validator";
export { detectLanguage, type ReplyLanguage, type Phrase } from "./read/request-language";
export { editTemplate, type EditResult } from "./edit/template-edit";
export { summarizeRosTemplate } from "./generate/template-summary";
export { toRosYaml } from "./template/template-yaml";
export { findRegion } from "./read/regions";
export { section } from "./template/template-model";
export { reviewTemplate, type ReviewResult, type ReviewOptions } from "./review/template-reviewer";
export { asksForVerdict } from "./review/review-verdict";
export { generateTemplate, type GenerationRequest, type GeneratedTemplate } from "./generate/template-generator";
export { packageTerraform, TERRAFORM_TRANSFORM, type PackageResult } from "./terraform/terraform-packager";
export { renderTerraform, TERRAFORM_MEDIA_TYPE, terraformOfTwin, type RenderedTerraform, type TerraformRenderInput } from "./terraform/terraform-render";
export { explainStackOperation } from "./stack/stack-operations";
export { classifyRequest, type RequestKind } from "./read/request-classifier";
export { unbuiltProducts } from "./kinds/unbuilt-products";
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
export { ROS_RESOURCE_TYPES, type RosResourceTypeSpec } from "./template/data/ros-resource-types";
export {
  checkBlocks,
  checkHeadline,
  checkRequest,
  extractRequestedValues,
  requestProse,
  requestCheckMetadata,
  withRequestCheck,
  NOT_EXPRESSED_HEADING,
  BROADER_HEADING,
  UNPLACED_HEADING,
  type RequestCheck,
  type CheckedValue,
  type BroaderScope,
  type UnplacedToken,
} from "./check";
export { lex } from "./read/lexer";
export type { NameClass, Token, TokenKind, Vocabulary } from "./read/token";
export { tokenize, VOCABULARY } from "./kinds/vocabulary";
