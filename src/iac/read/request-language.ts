/**
 * The language of a request, so the reply can be in it: Chinese when the request's words are
 * mostly Chinese (Han characters outnumber Latin words, ignoring code, templates and identifiers),
 * English otherwise.
 */
export type ReplyLanguage = "en" | "zh";

/** A phrase in both reply languages. */
export interface Phrase {
  en: string;
  zh: string;
}

export const phrase = (en: string, zh: string): Phrase => ({ en, zh });

export function detectLanguage(text: string): ReplyLanguage {
  const prose = text.replace(/```[\s\S]*?```/g, " ").replace(/`[^`]*`/g, " ");
  const han = (prose.match(/[\u4e00-\u9fff]/g) ?? []).length;
  const latinWords = (prose.match(/\b[A-Za-z]{2,}\b/g) ?? []).length;
  // A Chinese request names products in Latin letters ("创建一个 VPC 和两台 ECS"): two Han characters weigh one word.
  return han > 0 && han >= latinWords ? "zh" : "en";
}

export function say(language: ReplyLanguage, text: Phrase): string {
  return text[language];
}

/** The heading of the engine's own list of what it does not build (generate/template-summary.ts writes it; check/report.ts reads it). */
export const ENGINE_NOT_BUILT_HEADING = {
  en: "Not expressed in the template (the offline engine cannot do this):",
  zh: "未能在模板中表达（离线引擎做不到）：",
};
