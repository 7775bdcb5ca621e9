/**
 * A bucket's lifecycle rule and static website written into a ROS template (issue 27 item 6): the
 * rule keeps the prefix the request scoped it to (`Prefix: logs/`, never '' for "objects under
 * logs/") and its transitions to IA or Archive; the website its index and error documents
 * (`WebsiteConfiguration`). Each value written is listed for the reply.
 */
import type { LifecycleRule } from "../kinds/oss/lifecycle";
import type { WebsiteValue } from "../kinds/oss/website";
import type { CorsValue } from "../kinds/oss/cors";
import { phrase, type Phrase } from "../read/request-language";

type Bucket = Record<string, unknown>;

/** The ROS lifecycle rule: `Prefix`, `Status`, `Expiration.Days` and `Transition[]` (Days, StorageClass). */
export function rosLifecycleRule(rule: LifecycleRule): Record<string, unknown> {
  const id = [
    rule.prefix.replace(/[^\w-]/g, "") || "all",
    ...rule.transitions.map((t) => `${t.storageClass}-${t.days}d`),
    ...(rule.expireDays ? [`expire-${rule.expireDays}d`] : []),
  ].join("-");
  return {
    ID: id.slice(0, 255),
    Prefix: rule.prefix,
    Status: "Enabled",
    ...(rule.expireDays !== undefined ? { Expiration: { Days: rule.expireDays } } : {}),
    ...(rule.transitions.length > 0 ? { Transition: rule.transitions.map((t) => ({ Days: t.days, StorageClass: t.storageClass })) } : {}),
  };
}

export function lifecyclePhrase(rule: LifecycleRule): Phrase {
  const scope = rule.prefix ? { en: `objects under ${rule.prefix}`, zh: `前缀 ${rule.prefix} 下的对象` } : { en: "all objects", zh: "所有对象" };
  const moves = rule.transitions.map((t) => ({ en: `to ${t.storageClass} after ${t.days} days`, zh: `${t.days} 天后转 ${t.storageClass}` }));
  const expiry = rule.expireDays !== undefined ? [{ en: `expire after ${rule.expireDays} days`, zh: `${rule.expireDays} 天后过期删除` }] : [];
  const actions = [...moves, ...expiry];
  return phrase(`lifecycle: ${scope.en} ${actions.map((a) => a.en).join(", ")}`, `生命周期：${scope.zh}${actions.map((a) => a.zh).join("，")}`);
}

/** Writes the rule and the website into every bucket; returns what was applied. */
export function applyBucketRules(
  buckets: Bucket[],
  rules: readonly LifecycleRule[] | undefined,
  website: WebsiteValue | undefined,
  cors?: CorsValue,
): Phrase[] {
  const applied: Phrase[] = [];
  for (const bucket of buckets) {
    if (cors) bucket.CORSConfiguration = { CORSRule: [{ AllowedOrigin: cors.origins, AllowedMethod: cors.methods, AllowedHeader: ["*"] }] };
    if (rules && rules.length > 0) bucket.LifecycleConfiguration = { Rule: rules.map(rosLifecycleRule) };
    if (website)
      bucket.WebsiteConfiguration = { IndexDocument: website.indexDocument, ...(website.errorDocument ? { ErrorDocument: website.errorDocument } : {}) };
  }
  if (buckets.length === 0) return applied;
  if (cors) applied.push(corsPhrase(cors));
  for (const rule of rules ?? []) applied.push(lifecyclePhrase(rule));
  if (website) {
    const error = website.errorDocument ? { en: `, error document ${website.errorDocument}`, zh: `，错误页 ${website.errorDocument}` } : { en: "", zh: "" };
    const fallback = website.defaultIndex
      ? { en: " (no index document was named: index.html is OSS's usual one)", zh: "（未指定首页，使用常见的 index.html）" }
      : { en: "", zh: "" };
    applied.push(
      phrase(
        `static website: index document ${website.indexDocument}${error.en}${fallback.en}`,
        `静态网站托管：首页 ${website.indexDocument}${error.zh}${fallback.zh}`,
      ),
    );
  }
  return applied;
}

function corsPhrase(cors: CorsValue): Phrase {
  const every = cors.anyOrigin
    ? {
        en: " (no origin was named: every origin may read; name your site's origin to narrow it)",
        zh: "（未指定来源：允许所有来源；请给出你的站点域名以收窄）",
      }
    : { en: "", zh: "" };
  return phrase(
    `CORS: ${cors.methods.join(", ")} from ${cors.origins.join(", ")}${every.en}`,
    `跨域（CORS）：允许 ${cors.origins.join("、")} 以 ${cors.methods.join("、")} 访问${every.zh}`,
  );
}
