/**
 * The databases inside one RDS instance and its administrator account, as engineers name them:
 * "MySQL RDS with 2 databases: app_db and report_db, account admin_user", "建两个库 app_db、report_db，
 * 账号 admin_user". Found in round ten: "2 databases" bought two RDS instances and the names and the
 * account were dropped (the check said every value was there). The names become the instance's
 * `DBMappings` (Terraform `alicloud_db_database`), the account its `MasterUsername` (`account_name`),
 * and a count of databases written with their names counts no instances.
 * Bounded patterns, one pass each: linear.
 */

/** A database's name as RDS takes it: a letter, then letters, digits or underscores (2–64). */
const NAME = String.raw`[a-z][a-z0-9_]{1,63}`;
/** Between two names: a mark, or "and" with spaces around it (a name may hold the letters "and"). */
const JOIN = String.raw`(?:\s{0,2}[,，、&和]\s{0,2}|\s{1,2}(?:and|以及)\s{1,2})`;
/** "databases: app_db and report_db", "2 dbs named a, b", "schemas app, report", "两个库 app_db、report_db", "数据库名 app_db". */
const NAMED = new RegExp(
  String.raw`(?:\b(?:databases?|dbs|schemas?)\s{0,3}(?:[:：]|named|called)|(?:库|数据库)\s{0,3}(?:[:：]|名(?:为|叫|是)?|叫)?)\s{0,3}(${NAME}(?:${JOIN}${NAME}){0,7})(?![a-z0-9_.-])`,
  "i",
);
/** "with 2 databases:", "2 dbs named …", "两个库": a count of databases written before their names. */
export const COUNTED_DATABASES =
  /\b(\d{1,2}|two|three|four|five)\s{1,3}(?:databases|dbs|schemas)\s{0,3}(?:[:：]|named|called)|(?:两|二|三|四|五|\d{1,2})\s{0,2}个\s{0,2}(?:库|数据库)\s{0,3}[:：]?\s{0,3}[a-z]/i;
/** "account admin_user", "admin account dbuser", "master user admin_user", "账号 admin_user", "用户名为 app". */
const ACCOUNT =
  /\b(?:(?:admin|master|super|privileged)\s{1,3})?(?:account|user(?:name)?)\s{0,3}(?:[:：]|named|called|is)?\s{0,3}([a-z][a-z0-9_]{1,31})(?![a-z0-9_.-])|(?:账号|帐号|用户名)\s{0,3}(?:[:：]|为|是|叫)?\s{0,3}([a-z][a-z0-9_]{1,31})(?![a-z0-9_.-])/i;
/** Words a list of database names or an account's name never holds: the next clause's first word ends the list (the check reads the same vocabulary). */
export const NOT_DATABASE_NAMES: ReadonlySet<string> = new Set([
  ...["and", "or", "with", "for", "the", "a", "an", "of", "in", "on", "to", "is", "named", "called", "each", "per", "only"],
  // "databases: a and b, account admin_user".
  ...["password", "account", "accounts", "user", "users", "username", "admin", "master", "super", "owner", "charset", "plus", "also"],
]);

/** The names of the databases the request asks for inside its instance, in order, once each. */
export function databaseNames(text: string): string[] {
  const listed = NAMED.exec(text)?.[1];
  if (!listed) return [];
  const parts = listed.split(/\s{0,2}(?:,|，|、|\band\b|&|和|以及)\s{0,2}/i).map((name) => name.trim().toLowerCase());
  const stop = parts.findIndex((name) => NOT_DATABASE_NAMES.has(name));
  const names = (stop < 0 ? parts : parts.slice(0, stop)).filter((name) => name !== "");
  // A database's own name has an underscore or a digit, or is one of a list ("databases: app, report"): "database for orders" names none.
  if (names.length === 1 && !/[_\d]/.test(names[0] ?? "")) return [];
  return [...new Set(names)];
}

/** The administrator account's name the request gives, if any ("account admin_user"). */
export function accountName(text: string): string | undefined {
  const match = ACCOUNT.exec(text);
  const name = (match?.[1] ?? match?.[2])?.toLowerCase();
  return name && !NOT_DATABASE_NAMES.has(name) ? name : undefined;
}
