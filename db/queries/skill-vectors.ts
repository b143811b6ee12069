import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../client";
import { write } from "../dialect";

/** Keys asked in one statement: well under SQLite's 32,766 bound variables and PostgreSQL's 65,535. */
const KEYS_PER_QUERY = 500;
/** Rows written in one statement (four values each). */
const ROWS_PER_INSERT = 200;

/** The stored bytes of these texts' vectors under `model`, by key (absent: not stored). */
export async function loadSkillVectors(db: Db, model: string, keys: readonly string[]): Promise<Map<string, Uint8Array>> {
  const { skillVectors } = db.jev.t;
  const out = new Map<string, Uint8Array>();
  for (let at = 0; at < keys.length; at += KEYS_PER_QUERY) {
    const rows = await db
      .select({ key: skillVectors.key, vectors: skillVectors.vectors })
      .from(skillVectors)
      .where(and(eq(skillVectors.model, model), inArray(skillVectors.key, keys.slice(at, at + KEYS_PER_QUERY))));
    for (const row of rows) out.set(row.key, row.vectors);
  }
  return out;
}

/** Keep these texts' vectors under `model`; a key stored already (another instance got there first) keeps its row. */
export async function saveSkillVectors(db: Db, model: string, rows: readonly { key: string; bytes: Uint8Array }[], now: number): Promise<void> {
  const { skillVectors } = db.jev.t;
  for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) {
    const values = rows.slice(at, at + ROWS_PER_INSERT).map((r) => ({ model, key: r.key, vectors: Buffer.from(r.bytes), at: now }));
    await write(db, (w) => w.insert(skillVectors).values(values).onConflictDoNothing());
  }
}
