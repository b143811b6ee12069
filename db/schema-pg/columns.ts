import { bigint } from "drizzle-orm/pg-core";

/**
 * Epoch milliseconds (and other counts past 2^31) as PostgreSQL `bigint`, read
 * back as JavaScript numbers, as SQLite's integers are: exact to 2^53.
 */
export const epochMs = (name: string) => bigint(name, { mode: "number" });
