/**
 * The request check (issue 19 item 1): every explicit value of a request, looked up in the template
 * a turn produced, by rules that know nothing of the generator; run by the offline engine, offered
 * to a model as a tool, and run by the server on each turn's final template.
 */
export { type BroaderScope, checkRequest, type CheckedValue, type RequestCheck, type RequestCheckInput, type UnplacedToken } from "./check";
export { extractRequestedValues } from "./extract";
export { requestProse } from "./prose";
export type { RequestedValue, ValueKind } from "./requested-value";
export { BROADER_HEADING, checkBlocks, checkHeadline, NOT_EXPRESSED_HEADING, requestCheckMetadata, UNPLACED_HEADING, withRequestCheck } from "./report";
export type { UnrequestedResource } from "./unrequested";
