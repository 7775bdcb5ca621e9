/**
 * Issue 27 item 5: the rewriting rules of the metamorphic suite. Each rule rewrites a request the
 * way another engineer would write the same thing (count forms and number words, units, a protocol
 * in parentheses, a leading label, clause order, casual edit verbs, Chinese measure words,
 * punctuation and list styles…) and returns undefined when it has nothing to rewrite in that
 * request. A rule never changes what is asked: a variant must give the same applied values as the
 * original, or the request check must name the difference. The runner is
 * test/node/metamorphic-suite.test.ts. Plain data and string functions: no runtime dependency.
 */
export interface RewriteRule {
  name: string;
  /** How many forms the rule writes (labels, polite wrappers): each form is a variant of its own. */
  forms?: number;
  /** Rewrites a turn's request; `turn` is its index in the conversation (0: the first request), `form` which of the rule's forms. */
  rewrite(text: string, turn: number, form: number): string | undefined;
}

const HAN = /[\u4e00-\u9fff]/;
const isChinese = (text: string) => HAN.test(text);
const changed = (before: string, after: string) => (after === before ? undefined : after);

/** Nouns a count may stand before, in the suite's words. */
const COUNTED = String.raw`(?:ECS|servers?|instances?|vSwitch(?:es)?|subnets?|EIPs?|SLBs?|load balancers?|databases?|VMs?|buckets?|Redis|zones?)`;

const WORDS: Record<string, string> = { "2": "two", "3": "three", "4": "four", "5": "five", "6": "six" };
const DIGITS: Record<string, string> = Object.fromEntries(Object.entries(WORDS).map(([digit, word]) => [word, digit]));

/** "2 ECS" → "two ECS" and "two ECS" → "2 ECS": number words both ways. */
const numberWords: RewriteRule = {
  name: "number words",
  rewrite(text) {
    if (isChinese(text)) return undefined;
    const after = text
      .replace(new RegExp(String.raw`\b([2-6]) (${COUNTED})\b`, "gi"), (_, n: string, noun: string) => `${WORDS[n] ?? n} ${noun}`)
      .replace(
        new RegExp(String.raw`\b(two|three|four|five|six) (${COUNTED})\b`, "gi"),
        (_, word: string, noun: string) => `${DIGITS[word.toLowerCase()] ?? word} ${noun}`,
      );
    return changed(text, after);
  },
};

/** "2 ECS" → "2x ECS", "two servers" → "2x servers": a count as a multiplier before the noun. */
const multiplierBefore: RewriteRule = {
  name: "count as 2x",
  rewrite(text) {
    if (isChinese(text)) return undefined;
    const after = text.replace(
      new RegExp(String.raw`\b([2-6]|two|three|four|five|six) (${COUNTED})\b`, "gi"),
      (_, n: string, noun: string) => `${DIGITS[n.toLowerCase()] ?? n}x ${noun}`,
    );
    return changed(text, after);
  },
};

/** "2 ECS" → "ECS x2": a count as a multiplier after the noun. */
const multiplierAfter: RewriteRule = {
  name: "count as noun x2",
  rewrite(text) {
    if (isChinese(text)) return undefined;
    const after = text.replace(
      new RegExp(String.raw`\b([2-6]|two|three|four|five|six) (ECS|servers|instances|VMs)\b`, "gi"),
      (_, n: string, noun: string) => `${noun} x${DIGITS[n.toLowerCase()] ?? n}`,
    );
    return changed(text, after);
  },
};

/** "100 GB" → "100G", "100G" → "100 GiB", "50GB" → "50 GiB": sizes in another spelling of the same unit. */
const sizeUnits: RewriteRule = {
  name: "size units",
  rewrite(text) {
    const after = text.replace(/\b(\d{1,5})\s?(GB|G|GiB|gb|g)\b(?!\w)/g, (whole, n: string, unit: string) =>
      unit.toLowerCase() === "g" ? `${n} GiB` : unit.toLowerCase() === "gb" ? `${n}G` : whole.replace(unit, "GB"),
    );
    return changed(text, after);
  },
};

/** "100 GB" → "100 gigs": the spoken form. */
const spokenSizes: RewriteRule = {
  name: "sizes as gigs",
  rewrite(text) {
    if (isChinese(text)) return undefined;
    return changed(
      text,
      text.replace(/\b(\d{1,5})\s?(?:GB|G|GiB)\b/gi, (_, n: string) => `${n} gigs`),
    );
  },
};

/** "100 Mbps" → "100M", "10M" → "10 Mbit/s": bandwidths in another spelling. */
const bandwidthUnits: RewriteRule = {
  name: "bandwidth units",
  rewrite(text) {
    const after = text.replace(/\b(\d{1,4})\s?(Mbps|M|Mb\/s)\b/g, (_, n: string, unit: string) => (unit === "M" ? `${n} Mbps` : `${n}M`));
    return changed(text, after);
  },
};

const PROTOCOL_OF: Record<string, string> = {
  "22": "SSH",
  "80": "HTTP",
  "443": "TCP",
  "3306": "MySQL",
  "3389": "RDP",
  "6379": "Redis",
  "5432": "PostgreSQL",
};

/** "port 443" → "port 443 (HTTPS)": the port's well-known protocol in parentheses after it. */
const protocolInParentheses: RewriteRule = {
  name: "protocol in parentheses",
  rewrite(text) {
    let done = false;
    const after = text.replace(
      /(?<![\d./:-])\b(22|80|443|3306|3389|6379|5432)\b(?![\d./:-]|\s?(?:to\b|转发|改|换|调|g\b|gb|gib|m\b|mbps|[a-z]{0,3}\d))/gi,
      (port: string) => {
        if (done) return port;
        done = true;
        return `${port} (${PROTOCOL_OF[port] ?? "TCP"})`;
      },
    );
    return changed(text, after);
  },
};

const LABELS_EN = ["Web tier — ", "Project Phoenix: ", "Prod env - ", "Staging: ", "Backend team — ", "TICKET-4821: "];
const LABELS_ZH = ["生产环境：", "项目A —— ", "测试环境：", "后端团队：", "需求单 4821：", "上线前准备："];

/** "Web tier — …": a label before the request, in one of six forms. */
const leadingLabel: RewriteRule = {
  name: "leading label",
  forms: 6,
  rewrite(text, _turn, form) {
    const labels = isChinese(text) ? LABELS_ZH : LABELS_EN;
    return `${labels[form] ?? ""}${text}`;
  },
};

/** The last clause first: "A, B, in Hangzhou" → "In Hangzhou, A, B". Only the first line; a fenced block stays. */
const clauseOrder: RewriteRule = {
  name: "clause order",
  rewrite(text) {
    if (text.includes("\n")) return undefined;
    const separator = isChinese(text) ? "，" : ", ";
    const clauses = text.split(separator);
    if (clauses.length < 3) return undefined;
    const last = clauses.pop() ?? "";
    // A clause that carries a number of the one before ("80, 443 and 8443") is a list, not a clause.
    if (/^\d|^and\b|^和|^(?:version|版本)/i.test(last) || /^\d/.test(clauses[clauses.length - 1] ?? "")) return undefined;
    return [
      last.replace(/^[a-z]/, (c) => c.toUpperCase()),
      ...clauses.map((c, i) => (i === 0 ? c.replace(/^[A-Z](?=[a-z])/, (l) => l.toLowerCase()) : c)),
    ].join(separator);
  },
};

const CASUAL_EN: [RegExp, string][] = [
  [/\b(?:change|increase|raise|set) (the )?/i, "bump $1"],
  [/\b(?:remove|delete|drop)\b/i, "get rid of"],
  [/\b(?:restrict|limit)\b/i, "lock down"],
  [/\bswitch to\b|\bchange it to\b|\bmove to\b/i, "swap to"],
];
const CASUAL_ZH: [RegExp, string][] = [
  [/改成|调到|改为/, "换成"],
  [/删掉|删除|移除/, "去掉"],
];

/** A follow-up's verb in its casual form: "bump", "get rid of", "lock down", "swap to", "换成", "去掉". */
const casualVerbs: RewriteRule = {
  name: "casual edit verbs",
  rewrite(text, turn) {
    if (turn === 0) return undefined;
    for (const [pattern, casual] of isChinese(text) ? CASUAL_ZH : CASUAL_EN) {
      if (pattern.test(text)) return changed(text, text.replace(pattern, casual));
    }
    return undefined;
  },
};

const ZH_DIGIT: Record<string, string> = { "1": "一", "2": "两", "3": "三", "4": "四", "5": "五" };
const ZH_NUMBER: Record<string, string> = { 一: "1", 两: "2", 二: "2", 三: "3", 四: "4", 五: "5" };

/** "两台" ↔ "2 台", "3个" ↔ "三个": Chinese counts with their measure words, in the other numerals. */
const chineseMeasureWords: RewriteRule = {
  name: "Chinese measure words",
  rewrite(text) {
    if (!isChinese(text)) return undefined;
    const after = text
      .replace(/(?<=^|[\u4e00-\u9fff，,：\s])([一两二三四五])\s?(台|个|块)/g, (_, n: string, measure: string) => `${ZH_NUMBER[n] ?? n} ${measure}`)
      .replace(/(?<![\d.])([1-5])(台|个|块)/g, (_, n: string, measure: string) => `${ZH_DIGIT[n] ?? n}${measure}`);
    return changed(text, after);
  },
};

/** "，" → ", " and "、" → "，": Chinese punctuation in its half-width or other form. */
const chinesePunctuation: RewriteRule = {
  name: "Chinese punctuation",
  rewrite(text) {
    if (!isChinese(text)) return undefined;
    return changed(text, text.replace(/，/g, ", ").replace(/、/g, "，"));
  },
};

/** "A, B, C" → a bulleted list, one clause a line. Only single-line requests. */
const bulletList: RewriteRule = {
  name: "bullet list",
  rewrite(text) {
    if (text.includes("\n")) return undefined;
    const separator = isChinese(text) ? "，" : ", ";
    const clauses = text.split(separator);
    if (clauses.length < 2 || clauses.some((clause) => /^\d/.test(clause))) return undefined;
    return `${clauses[0]}:\n${clauses
      .slice(1)
      .map((clause) => `- ${clause}`)
      .join("\n")}`;
  },
};

/** ", " → "; " and a full stop at the end: another punctuation of the same clauses. */
const semicolons: RewriteRule = {
  name: "semicolons",
  rewrite(text) {
    if (isChinese(text) || text.includes("\n")) return undefined;
    return changed(text, `${text.replace(/, (?!\d)/g, "; ")}.`);
  },
};

const POLITE_EN: [string, string][] = [
  ["Hi, could you do this for me: ", ". Thanks!"],
  ["Please ", "."],
  ["", " — thanks in advance"],
  ["Quick one: ", " ASAP please"],
];
const POLITE_ZH: [string, string][] = [
  ["麻烦帮忙：", "，谢谢！"],
  ["请帮我", "。"],
  ["", "，辛苦了"],
  ["急：", "，尽快"],
];

/** "Please … Thanks!": politeness around the request, in one of four forms. */
const politeness: RewriteRule = {
  name: "politeness",
  forms: 4,
  rewrite(text, _turn, form) {
    if (text.includes("\n")) return undefined;
    const [before, after] = (isChinese(text) ? POLITE_ZH : POLITE_EN)[form] ?? ["", ""];
    return `${before}${text}${after}`;
  },
};

const CONTEXT_EN = [" This is for the staging environment.", " We expect light traffic at first.", " Budget is tight, keep it simple."];
const CONTEXT_ZH = ["。这是给测试环境用的。", "。前期流量不大。", "。预算有限，简单点就行。"];

/** A sentence of context after the request that asks for nothing more, in one of three forms. */
const trailingContext: RewriteRule = {
  name: "trailing context",
  forms: 3,
  rewrite(text, _turn, form) {
    if (text.includes("\n")) return undefined;
    return `${text}${(isChinese(text) ? CONTEXT_ZH : CONTEXT_EN)[form] ?? ""}`;
  },
};

/** Extra spaces, a leading line break and trailing blanks: whitespace as pasted. */
const whitespace: RewriteRule = {
  name: "whitespace",
  rewrite(text) {
    return `\n ${text.replace(/, /g, ",  ")}  \n`;
  },
};

/** Lower case throughout, as typed in a hurry (a bucket name keeps its case: names are lower case already). */
const lowerCase: RewriteRule = {
  name: "lower case",
  rewrite(text) {
    return changed(text, text.toLowerCase());
  },
};

export const REWRITE_RULES: readonly RewriteRule[] = [
  numberWords,
  multiplierBefore,
  multiplierAfter,
  sizeUnits,
  spokenSizes,
  bandwidthUnits,
  protocolInParentheses,
  leadingLabel,
  clauseOrder,
  casualVerbs,
  chineseMeasureWords,
  chinesePunctuation,
  bulletList,
  semicolons,
  politeness,
  trailingContext,
  whitespace,
  lowerCase,
];
