/**
 * Optional metrics in Workers Analytics Engine: with a dataset bound as `IACCODE_A2A_METRICS`, one
 * data point per request and one per turn; without the binding, nothing is written and nothing
 * fails. Blobs hold names (method, binding, state, agent, provider, model) and doubles the
 * numbers, so SQL over the dataset needs no parsing. The column order is the contract of the
 * README's example queries; change it only together with them.
 */

/** Analytics Engine accepts at most 20 blobs and 20 doubles per point, blobs up to 16 KB in all. */
const MAX_BLOB_CHARS = 256;

/** The binding, when configured; any other value (absent, or a var by mistake) counts as absent. */
export function metricsOf(env: unknown): AnalyticsEngineDataset | undefined {
  const dataset = (env as { IACCODE_A2A_METRICS?: unknown } | null)?.IACCODE_A2A_METRICS;
  return dataset !== null && typeof dataset === "object" && typeof (dataset as AnalyticsEngineDataset).writeDataPoint === "function"
    ? (dataset as AnalyticsEngineDataset)
    : undefined;
}

const blob = (value: string | undefined): string => (value ?? "").slice(0, MAX_BLOB_CHARS);

export interface RequestPoint {
  method: string;
  binding: string;
  /** The JSON-RPC error code, 0 on success; for other routes the HTTP status. */
  code: number;
  status: number;
  durationMs: number;
}

/** One data point; a metric never fails the request or turn that writes it. */
function writePoint(dataset: AnalyticsEngineDataset | undefined, kind: string, blobs: string[], doubles: number[]): void {
  if (!dataset) return;
  try {
    dataset.writeDataPoint({ indexes: [kind], blobs: [kind, ...blobs.map(blob)], doubles });
  } catch {
    // Analytics Engine unavailable or the point refused: the answer goes out all the same.
  }
}

/** blob1 "request", blob2 method, blob3 binding; double1 code, double2 HTTP status, double3 duration ms. */
export function writeRequestPoint(dataset: AnalyticsEngineDataset | undefined, point: RequestPoint): void {
  writePoint(dataset, "request", [point.method, point.binding], [point.code, point.status, point.durationMs]);
}

export interface TurnPoint {
  agent: string;
  provider: string;
  model: string;
  state: string;
  durationMs: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
}

/**
 * blob1 "turn", blob2 agent, blob3 provider, blob4 model, blob5 final state; double1 duration ms,
 * double2 tool calls, double3 input tokens, double4 output tokens.
 */
export function writeTurnPoint(dataset: AnalyticsEngineDataset | undefined, point: TurnPoint): void {
  writePoint(
    dataset,
    "turn",
    [point.agent, point.provider, point.model, point.state],
    [point.durationMs, point.toolCalls, point.inputTokens, point.outputTokens],
  );
}
