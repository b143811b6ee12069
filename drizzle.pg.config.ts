import { defineConfig } from "drizzle-kit";

/** PostgreSQL's migrations (`DATABASE_URL=postgres://…`), from db/schema-pg: `npm run db:generate:pg`. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema-pg/index.ts",
  out: "./db/migrations-pg",
});
