// The floors of the code: which folder may import which. biome.json's overrides are written from this table
// (`node scripts/floors.mjs --write`), and lib/base/floors.test.ts fails when the two differ.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Each folder and the folders it stands on. Anything in LIB_AREAS (or db) it does not list, it may not import. */
export const FLOORS = {
  "lib/base": [],
  "lib/vocab": ["lib/base"],
  "lib/fs": ["lib/base", "lib/vocab"],
  "lib/gate": ["lib/base", "lib/vocab"],
  "lib/privacy": ["lib/base", "lib/vocab"],
  "lib/text": ["lib/base", "lib/vocab", "lib/gate", "lib/privacy"],
  "lib/hermes": ["lib/base", "lib/vocab", "lib/fs"],
  "lib/rules": ["lib/base", "lib/vocab", "lib/text"],
  "lib/replay": ["lib/base", "lib/vocab", "lib/rules"],
  "lib/catalog": ["lib/base", "lib/vocab", "lib/fs", "lib/text", "lib/hermes"],
  "lib/demo": ["lib/base", "lib/vocab", "lib/fs", "lib/hermes", "lib/replay"],
  "lib/curator": ["lib/base", "lib/vocab", "lib/fs", "lib/privacy", "lib/text", "lib/hermes", "lib/catalog", "lib/judges"],
  "lib/judges": ["lib/base", "lib/vocab", "lib/text", "lib/rules", "lib/catalog"],
  "lib/routing": ["lib/base", "lib/vocab", "lib/fs", "lib/text", "lib/judges"],
  "lib/engine": ["lib/base", "lib/vocab", "lib/gate", "lib/privacy", "lib/text", "lib/rules", "lib/catalog", "lib/judges", "lib/routing"],
  "lib/hints": ["lib/base", "lib/vocab", "lib/engine"],
  "lib/eval": ["lib/base", "lib/vocab", "lib/text", "lib/rules", "lib/catalog", "lib/judges", "lib/routing", "lib/engine", "lib/hints"],
  "lib/config.ts": ["lib/base", "lib/vocab", "lib/fs", "lib/catalog", "lib/judges", "lib/routing"],
  db: ["lib/base", "lib/vocab", "lib/config.ts"],
  "db/hot": ["db", "lib/base", "lib/vocab"],
  "db/queries": ["db", "db/hot", "lib/base", "lib/vocab", "lib/rules", "lib/replay"],
  "lib/auth": ["db", "db/queries", "db/hot", "lib/base", "lib/vocab", "lib/fs", "lib/config.ts"],
  "lib/integrations": ["lib/base", "lib/vocab", "lib/fs", "lib/hermes", "lib/config.ts"],
};

/** db/'s own floors: a rule about `db` means its other files. */
const DB_FLOORS = ["db/queries", "db/hot"];

/** A service area's files past its door: the edges import `lib/services/<area>` (its index.ts), never a file in it. */
const SERVICE_FILES = "lib/services/<area>/<file>";

/** Folders that stand on everything below them but not on these. */
const TOP_FLOORS = {
  "lib/services": ["lib/http", "lib/doctor", "lib/mcp"],
  "lib/doctor": ["lib/http", "lib/mcp", "db", "db/queries", "db/hot", SERVICE_FILES],
  "lib/http": ["lib/doctor", "lib/mcp", "db/queries", "db/hot", SERVICE_FILES],
  // The MCP server: a door like lib/http, over the same service doors.
  "lib/mcp": ["lib/http", "lib/doctor", "db/queries", "db/hot", SERVICE_FILES],
  app: ["db/queries", "db/hot", SERVICE_FILES],
  cli: ["db/queries", "db/hot", SERVICE_FILES],
  server: [SERVICE_FILES],
  scripts: [SERVICE_FILES],
};

/** Every area a rule can name. */
const AREAS = [...new Set([...Object.keys(FLOORS), ...Object.keys(TOP_FLOORS), ...Object.values(FLOORS).flat()])].filter((a) => a !== SERVICE_FILES);

/**
 * Import specifiers that reach `target` from a file `depth` folders below its area's own folder (inside lib/: relative
 * paths are exact by depth, so lib/services/doctor is not taken for lib/doctor; elsewhere lib/ is named in the path).
 */
function specifiersOf(target, depth, forbidden) {
  const up = depth === null ? null : "../".repeat(depth + 1);
  if (target === "db") {
    const kept = DB_FLOORS.filter((floor) => !forbidden.includes(floor)).flatMap((floor) => [`!**/${floor}/**`, `!@/${floor}/**`]);
    return ["**/db/**", "@/db/**", ...kept];
  }
  if (DB_FLOORS.includes(target)) {
    const name = target.slice("db/".length);
    return [`**/${target}/**`, `@/${target}/**`, `./${name}/**`, `../${name}/**`];
  }
  if (target === SERVICE_FILES) return ["**/lib/services/*/*", "@/lib/services/*/*", ...(depth === null ? [] : [`${up}services/*/*`])];
  if (target === "lib/config.ts") return [...(up ? [`${up}config`] : []), "**/lib/config", "@/lib/config"];
  const name = target.slice("lib/".length);
  return [...(up ? [`${up}${name}`, `${up}${name}/**`] : []), `**/lib/${name}/**`, `@/lib/${name}/**`];
}

/** The files a rule covers, by depth below the area's folder (tests import freely: their helpers sit above everything). */
function scopesOf(area) {
  const notTests = ["!**/*.test.ts", "!**/*.test.tsx"];
  if (area.endsWith(".ts")) return [{ depth: 0, includes: [area, ...notTests] }];
  if (!area.startsWith("lib/")) return [{ depth: null, includes: [`${area}/**`, ...(area === "db" ? DB_FLOORS.map((f) => `!${f}/**`) : []), ...notTests] }];
  return [0, 1, 2].map((depth) => {
    const below = "*/".repeat(depth);
    return { depth, includes: [`${area}/${below}*.ts`, `${area}/${below}*.tsx`, ...notTests] };
  });
}

const TESTING = {
  group: ["**/testing/**", "@/lib/testing/**"],
  message: "Only tests, e2e/ and bench/ import lib/testing: production code gets its helpers from lib/ itself.",
};

/** The ONNX runtime is loaded by one file, the encoder's worker: everything else asks the worker for vectors. */
const ONE_RUNTIME = "Only lib/judges/local/dense/encoder-worker.mjs loads the ONNX runtime: ask lib/judges/local/dense/worker-encoder.ts for vectors.";
const RUNTIME_PATHS = { "onnxruntime-node": ONE_RUNTIME, "onnxruntime-common": ONE_RUNTIME };
/** Every file but the encoder's worker: a folder's own override below replaces this one's options, so each repeats RUNTIME_PATHS. */
const EVERYWHERE = {
  includes: ["**/*.ts", "**/*.tsx", "**/*.mjs", "**/*.js", "!lib/judges/local/dense/encoder-worker.mjs"],
  linter: { rules: { style: { noRestrictedImports: { level: "error", options: { paths: RUNTIME_PATHS } } } } },
};

const NO_IO = "lib/engine and lib/rules do no I/O of their own: take what they need as parameters, so the replay, the CLI and the API run the same code.";
const NO_IO_PATHS = { "node:fs": NO_IO, fs: NO_IO, "node:fs/promises": NO_IO, "better-sqlite3": NO_IO };

function overrides(area, forbidden, allowed) {
  const message = allowed
    ? `${area} stands on ${allowed.length ? allowed.join(", ") : "nothing else in lib/"} only (scripts/floors.mjs): move what both need down a floor, or pass it in.`
    : `${area} does not import ${forbidden.join(" or ")} (scripts/floors.mjs).`;
  return scopesOf(area).map(({ depth, includes }) => {
    const group = forbidden.flatMap((other) => specifiersOf(other, depth, forbidden));
    const options = { patterns: [...(group.length ? [{ group, message }] : []), TESTING] };
    options.paths = area === "lib/engine" || area === "lib/rules" ? { ...NO_IO_PATHS, ...RUNTIME_PATHS } : RUNTIME_PATHS;
    return { includes, linter: { rules: { style: { noRestrictedImports: { level: "error", options } } } } };
  });
}

/** Browser code (client components) reads no files and no database: the server component passes data as props. */
const BROWSER = {
  includes: ["app/**/client.tsx", "app/**/_components/**", "app/nav-links.tsx"],
  linter: {
    rules: {
      style: {
        noRestrictedImports: {
          level: "error",
          options: {
            paths: {
              "node:fs": "Browser code cannot read files.",
              "better-sqlite3": "Browser code never touches the database: the server component passes data as props.",
              ...RUNTIME_PATHS,
            },
            patterns: [
              { group: ["**/db/**", "@/db/**"], message: "Browser code never touches the database: the server component passes data as props." },
              TESTING,
            ],
          },
        },
      },
    },
  },
};

/** biome.json's `overrides`, in order: the last that matches a file sets its options, so the browser rule comes last. */
export function floorOverrides() {
  const lower = Object.entries(FLOORS).flatMap(([area, allowed]) =>
    overrides(
      area,
      AREAS.filter((other) => other !== area && !allowed.includes(other)),
      allowed,
    ),
  );
  const top = Object.entries(TOP_FLOORS).flatMap(([area, forbidden]) => overrides(area, forbidden));
  return [EVERYWHERE, ...top, ...lower, BROWSER];
}

/** Where the rules are written: biome.json extends it. */
export const FLOORS_JSON = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "biome.floors.json");

/** The file's content: generated, so readers read this script and edit FLOORS. */
export function floorsConfig() {
  return { $schema: "./node_modules/@biomejs/biome/configuration_schema.json", overrides: floorOverrides() };
}

if (process.argv.includes("--write")) {
  const config = floorsConfig();
  fs.writeFileSync(FLOORS_JSON, `${JSON.stringify(config, null, 2)}\n`);
  execFileSync(path.join(path.dirname(FLOORS_JSON), "node_modules", ".bin", "biome"), ["format", "--write", FLOORS_JSON], { stdio: "ignore" });
  console.log(`biome.floors.json: ${config.overrides.length} floor overrides written`);
}
