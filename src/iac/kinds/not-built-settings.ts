/**
 * The words of settings the offline engine does not build, read by both readers: the engine names
 * them in its "not expressed" list (read/request-values.ts) and the request check lists them as not
 * in the template (check/setting-values.ts), so neither says every value is there while one of these
 * was asked for ("RDS with SSL enabled and TDE encryption" was once dropped by both, silently).
 * Lower-case patterns with bounded gaps (test/node/regex-safety.test.ts); the check tests them on
 * lower-case prose, the engine with the `i` flag.
 */

/** "with SSL enabled", "require TLS", "开启 SSL": the database connection's encryption, not an HTTPS listener's certificate. */
export const DATABASE_SSL =
  /\b(?:ssl|tls)\s{1,3}(?:enabled|encryption|connections?|on)\b|\b(?:enable|enabled|require|force|with)\s{1,3}(?:ssl|tls)\b(?!\s{0,3}(?:cert|证书|listener|termination|offload))|(?:开启|启用)\s{0,2}(?:ssl|tls)|(?:ssl|tls)\s{0,2}(?:加密|连接)/;
/** "TDE encryption", "transparent data encryption", "透明数据加密". */
export const TDE = /\btde\b|\btransparent\s{1,3}data\s{1,3}encryption\b|透明数据加密/;
/** "spot instances", "preemptible", "抢占式实例". */
export const SPOT = /\bspot\b|\bpreemptible\b|抢占式/;
/** "subscription", "prepaid", "包年包月": billing the template does not use (it is pay-as-you-go). */
export const SUBSCRIPTION = /\bsubscription\b|\bprepaid\b|包年|包月/;
/** "tag everything env=prod", "标签". */
export const TAGS = /\btags?\b|\btagged\b|标签/;
