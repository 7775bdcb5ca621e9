/**
 * The databases a request names inside one RDS instance, and its administrator account: "MySQL
 * RDS with 2 databases: app_db and report_db, account admin_user", "建两个库 app_db、report_db，账号
 * admin_user". Each name must be a database of the template (`DBMappings[].DBName`, Terraform
 * `alicloud_db_database`), the account its `MasterUsername` (`account_name`). Read by the check's
 * own patterns (kinds/rds/schemas.ts is the generator's), so a misreading there is caught here.
 */
import { NOT_DATABASE_NAMES } from "../kinds/rds/schemas";
import type { Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

const NAME = String.raw`[a-z][a-z0-9_]{1,63}`;
/** "databases: a and b", "dbs named a, b", "库 a、b", "数据库名 a". */
const LISTED = new RegExp(
  String.raw`(?:\b(?:databases?|dbs|schemas?)[ ]{0,3}(?:[:：]|named|called)|(?:库|数据库)[ ]{0,3}(?:[:：]|名(?:为|叫|是)?|叫)?)[ ]{0,3}(${NAME}(?:(?:[ ]{0,2}[,，、&和][ ]{0,2}|[ ]{1,2}(?:and|以及)[ ]{1,2})${NAME}){0,7})(?![a-z0-9_.-])`,
  "g",
);
const SPLIT = /[ ]{0,2}(?:,|，|、|\band\b|&|和|以及)[ ]{0,2}/;
const ACCOUNT =
  /\b(?:(?:admin|master|super|privileged)[ ]{1,3})?(?:account|user(?:name)?)[ ]{0,3}(?:[:：]|named|called|is)?[ ]{0,3}([a-z][a-z0-9_]{1,31})(?![a-z0-9_.-])|(?:账号|帐号|用户名)[ ]{0,3}(?:[:：]|为|是|叫)?[ ]{0,3}([a-z][a-z0-9_]{1,31})(?![a-z0-9_.-])/g;
const DATABASE_WORDS = /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql|库/;

export function databaseValues(scan: Scanner): RequestedValue[] {
  if (!DATABASE_WORDS.test(scan.lower)) return [];
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(LISTED)) {
    const listed = match[1] ?? "";
    const parts = listed.split(SPLIT);
    const stop = parts.findIndex((name) => NOT_DATABASE_NAMES.has(name));
    const names = (stop < 0 ? parts : parts.slice(0, stop)).filter((name) => name !== "");
    // "a database for orders" names none: one name must look like one (an underscore or a digit), a list of two is names.
    if (names.length === 1 && !/[_\d]/.test(names[0] ?? "")) continue;
    let from = match.index + match[0].length - listed.length;
    for (const name of names) {
      const at = scan.lower.indexOf(name, from);
      if (at < 0) continue;
      values.push({ kind: "resource-name", text: scan.original(at, at + name.length), role: "wanted", value: name, target: "database" });
      scan.claim(at, at + name.length);
      from = at + name.length;
    }
  }
  for (const match of scan.lower.matchAll(ACCOUNT)) {
    const name = match[1] ?? match[2] ?? "";
    if (name === "" || NOT_DATABASE_NAMES.has(name)) continue;
    const at = match.index + match[0].length - name.length;
    values.push({ kind: "resource-name", text: scan.original(at, at + name.length), role: "wanted", value: name, target: "account" });
    scan.claim(at, at + name.length);
  }
  return values;
}
