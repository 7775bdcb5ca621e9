/**
 * The offline engine's CPU budget for one turn, checked by the engine itself before it reads.
 *
 * Every rule of the engine is linear in the text it reads (test/node/regex-safety.test.ts proves
 * it of every pattern), so a turn's CPU time is proportional to the characters its rules read: the
 * request once for classification and language and once more for the skill's own parse, and the
 * context's current template for an edit, a review or a deploy. The slowest rate measured is a
 * Chinese generation request repeated to 1 MiB, about 0.8 MB/s here (`npm run bench:offline`).
 * A Durable Object request gets 30 s of CPU by default on Cloudflare; a turn is held to a few
 * seconds of that, so one turn never starves the other requests of its context, and a request
 * past it ends FAILED with a message that says why, instead of running into the platform's limit
 * (which would end the turn "interrupted" with nothing said).
 *
 * Workers' clocks do not advance while code runs (`Date.now()` is fixed between I/O), so the
 * budget is counted in characters read, not in milliseconds: deterministic, and the same on every
 * machine.
 */

/** Characters the engine's rules may read in one turn: about 3 s of CPU at the slowest rate measured. */
export const OFFLINE_READ_BUDGET = 4 * 1024 * 1024;

/** How many times a turn's rules read the request: classification and language, then the skill's parse. */
const REQUEST_READS = 2;
/** How many times an edit, review or deploy reads the current template: parse, then check or rewrite. */
const TEMPLATE_READS = 2;

export interface TurnReading {
  /** The request's text. */
  readonly prompt: string;
  /** The context's current template, when the conversation has one. */
  readonly template?: string | undefined;
}

/** The characters a turn will read, as the budget counts them. */
export function readCost(reading: TurnReading): number {
  return reading.prompt.length * REQUEST_READS + (reading.template?.length ?? 0) * TEMPLATE_READS;
}

/** The turn's answer when its reading is over budget, in the request's language; undefined when within it. */
export function overBudgetMessage(reading: TurnReading, language: "en" | "zh", budget = OFFLINE_READ_BUDGET): string | undefined {
  const cost = readCost(reading);
  if (cost <= budget) return undefined;
  const size = `${Math.ceil(reading.prompt.length / 1024).toLocaleString("en-US")} KiB`;
  const [work, limit] = [cost.toLocaleString("en-US"), budget.toLocaleString("en-US")];
  return language === "zh"
    ? `这个请求超出了离线引擎的处理预算：读取它（${size}）需要 ${work} 个字符的工作量，超过每轮 ${limit} 的上限。` +
        "请发送更短的请求（只附上相关的模板或文件），或配置模型提供方（IACCODE_A2A_MODEL_PROVIDER）。"
    : `This request is too large for the offline engine: reading it (${size}) would take ${work} characters of work, ` +
        `more than its budget of ${limit} per turn. Send a shorter request (the template or the files that matter), ` +
        "or configure a model provider (IACCODE_A2A_MODEL_PROVIDER).";
}
