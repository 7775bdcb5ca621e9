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
