/**
 * The A2A 1.1 draft's task `generation` (§3.2.7), offered as the extension
 * `urn:iac-code:a2a:generation:v1` (issue 20 item 6): a counter on each task that starts at 1 and
 * rises by exactly one on every state or artifact change. It is always kept (a column of the task
 * row, raised in the statement that makes the change, and a column of each logged event: the
 * generation after it), but shown only to a request that activates the extension in
 * `A2A-Extensions`: without it nothing changes on the wire.
 *
 * Events and Tasks are logged once as JSON text for every stream; a stream that activated the
 * extension gets the generation written into its copy of the frame (`withGeneration`), so a log
 * row serves both kinds of stream.
 */

export const GENERATION_EXTENSION = "urn:iac-code:a2a:generation:v1";

/**
 * How long GetTask with `currentGeneration` waits for the task to move past it, at most. Under the
 * ~100 s an idle HTTP request survives at the edge, and what the draft suggests for long polls.
 */
export const GENERATION_WAIT_MAX_MS = 30_000;

/**
 * A generation as the JSON text of its field: the draft declares it `int64` (PR
 * a2aproject/A2A#1810), which ProtoJSON, A2A's normative serialization (ADR-001), writes as a
 * decimal string. Requests may send it either way (schemas.ts).
 */
export function generationJson(generation: number): string {
  return `"${generation}"`;
}

/**
 * Writes `generation` into an event's JSON text: `{"task":{…}}`, `{"statusUpdate":{…}}` and
 * `{"artifactUpdate":{…}}` are one member holding one object, as JSON.stringify writes them, so
 * the field goes before the closing braces of that object.
 */
export function withGeneration(eventJson: string, generation: number | undefined): string {
  if (generation === undefined || !eventJson.endsWith("}}")) return eventJson;
  return `${eventJson.slice(0, -2)},"generation":${generationJson(generation)}}}`;
}

/** A Task's JSON text (`{"id":…}`) with its generation first. */
export function taskWithGeneration(taskJson: string, generation: number): string {
  return `{"generation":${generationJson(generation)},${taskJson.slice(1)}`;
}
