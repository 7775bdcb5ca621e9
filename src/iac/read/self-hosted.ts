/**
 * A database the user runs on their own servers: "一台做数据库服务器（自建MySQL，不要RDS）", "1 db
 * server (self-hosted MySQL, no RDS)", "MySQL on ECS". Said so, the database's nouns name a server
 * and a workload, not an RDS instance to buy: the lexer relabels "db server" / "数据库服务器" as a
 * server noun (so "1 db server" counts servers, for the generator and the check alike) and the other
 * database words as plain words; an "RDS" asked away stays, so the check still proves it absent.
 * One pass over the tokens: linear.
 */
import type { Token } from "./token";

/**
 * After an engine's name: "mysql boxes", "MySQL hosts", "postgres servers i-…": the engine names what
 * runs on the user's servers. The generator (kinds/rds/index.ts) and the check (check/engine-values.ts)
 * read it here.
 */
export const ENGINE_ON_SERVERS_AFTER = /^\s{0,3}(?:boxes|hosts?|vms?|machines?|ecs\b)|^\s{0,3}(?:servers?|instances?|nodes?)\s{0,3}[(:（]?\s{0,2}i-[a-z0-9]/i;

/** Words that say the database is run by the user: "自建", "self-hosted", "self-managed". */
const SELF_HOSTED_WORDS = /^(?:自建|自行搭建|self[- ]?hosted|self[- ]?managed|self[- ]?run)$/i;
/** Words after a database noun that make it a server: "db server", "数据库服务器", "MySQL box". */
const SERVER_WORDS = /^(?:servers?|hosts?|box(?:es)?|vms?|machines?|nodes?|服务器|主机)$/i;

const isDatabaseName = (token: Token | undefined) =>
  token?.kind === "name" && ((token.of === "product" && token.value === "rds") || (token.of === "engine" && token.value !== "Redis"));

/** "no RDS", "不要 RDS", "not RDS": RDS itself asked away. */
function rdsAskedAway(tokens: readonly Token[], index: number): boolean {
  const token = tokens[index];
  return token?.kind === "name" && token.value === "rds" && /^rds$/i.test(token.text) && tokens[index - 1]?.kind === "negation";
}

/** "MySQL on ECS", "postgres on the ECS", "1 MySQL server on ECS": the engine runs on servers. */
function onServers(tokens: readonly Token[], index: number): boolean {
  const at = tokens[index + 1]?.kind === "word" && SERVER_WORDS.test(tokens[index + 1]?.text ?? "") ? index + 1 : index;
  const on = tokens[at + 1];
  const next = tokens[at + 2]?.text.toLowerCase() === "the" ? tokens[at + 3] : tokens[at + 2];
  return on?.text.toLowerCase() === "on" && next?.kind === "name" && next.of === "product" && next.value === "ecs";
}

/** A database noun the lexer made a server ("1 db server", "一台数据库服务器" of a self-hosted database). */
const DATABASE_TEXT = /^(?:dbs?|databases?|数据库|mysql|postgres(?:ql)?|mariadb|sql ?server)$/i;
export const isOwnDatabaseServer = (token: Token | undefined) =>
  token?.kind === "name" && token.of === "product" && token.value === "ecs" && DATABASE_TEXT.test(token.text);

/** Whether the request says its database is the user's own, on servers (read before or after the lexer relabels it). */
export function runsOwnDatabase(tokens: readonly Token[]): boolean {
  return tokens.some(
    (token, index) =>
      (token.kind === "word" && SELF_HOSTED_WORDS.test(token.text)) ||
      rdsAskedAway(tokens, index) ||
      isOwnDatabaseServer(token) ||
      (isDatabaseName(token) && onServers(tokens, index)),
  );
}

/** Relabels the database words of a request that runs its own database (see the header); in place. */
export function markOwnDatabases(tokens: Token[]): void {
  if (!runsOwnDatabase(tokens)) return;
  for (const [index, token] of tokens.entries()) {
    if (!isDatabaseName(token) || rdsAskedAway(tokens, index)) continue;
    const next = tokens[index + 1];
    if (next?.kind === "word" && SERVER_WORDS.test(next.text)) {
      // "db server": the server noun, counted as a server of the "db" role (read/server-roles.ts).
      token.of = "product";
      token.value = "ecs";
      continue;
    }
    token.kind = "word";
    token.value = token.text.toLowerCase();
    delete token.of;
  }
}
