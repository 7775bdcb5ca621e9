/**
 * The request check (issue 19 item 1): every explicit value of a request, looked up in the template
 * a turn produced, by rules that know nothing of the generator; run by the offline engine, offered
 * to a model as a tool, and run by the server on each turn's final template.
 */
export { checkRequest, type CheckedValue, type RequestCheck, type RequestCheckInput } from "./check";
export { extractRequestedValues } from "./extract";
export { requestProse } from "./prose";
export type { RequestedValue, ValueKind } from "./requested-value";
export { checkBlocks, checkHeadline, NOT_EXPRESSED_HEADING, requestCheckMetadata, withRequestCheck } from "./report";
export type { UnrequestedResource } from "./unrequested";
