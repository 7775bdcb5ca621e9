/**
 * What the bytes of SQLite databases are: every `.sqlite`/`.db` file under a directory opened read
 * only (better-sqlite3) and its pages summed per table and index through SQLite's `dbstat`
 * table, plus the free pages. For ours this reads every Durable Object's database (ContextAgents
 * and TaskIndex shards) where Miniflare keeps them, so the bench can say what a task's bytes are:
 * event log, task rows, messages, index rows, or per-object overhead (schema, workerd's own tables).
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

function databaseFiles(dir) {
  const out = [];
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) out.push(...databaseFiles(path));
    else if (/\.(sqlite|db)$/.test(name)) out.push(path);
  }
  return out;
}

/** `{ files, tables: { name: bytes }, free }`: pages per table or index (with the write-ahead log's newer pages), and free pages. */
export function sqliteTableBytes(dir) {
  const tables = {};
  let free = 0;
  const files = databaseFiles(dir);
  for (const file of files) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      for (const { name, bytes } of db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all()) {
        tables[name] = (tables[name] ?? 0) + bytes;
      }
      free += db.pragma("freelist_count", { simple: true }) * db.pragma("page_size", { simple: true });
    } finally {
      db.close();
    }
  }
  return { files: files.length, tables, free };
}

/** What kind of object a database belongs to, by a table only that kind has. */
function kindOf(db) {
  const names = new Set(db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").pluck().all());
  if (names.has("events")) return "ContextAgent";
  if (names.has("counts")) return "TaskIndex shard";
  if (names.has("tasks")) return "database";
  return "other";
}

/** `{ kind: { files, tables: { name: bytes }, free } }`: as `sqliteTableBytes`, apart per kind of object. */
export function sqliteBytesByKind(dir) {
  const kinds = {};
  for (const file of databaseFiles(dir)) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const k = (kinds[kindOf(db)] ??= { files: 0, tables: {}, free: 0 });
      k.files++;
      for (const { name, bytes } of db.prepare("SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name").all()) {
        k.tables[name] = (k.tables[name] ?? 0) + bytes;
      }
      k.free += db.pragma("freelist_count", { simple: true }) * db.pragma("page_size", { simple: true });
    } finally {
      db.close();
    }
  }
  return kinds;
}
