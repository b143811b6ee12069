// Issue 44 figures for the checkout in the current folder: db/ → lib/ imports by floor, colliding names, long doc comments, caches.
//   node bench/structure/metrics.mjs [-v]
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (!["node_modules", ".next", ".scratch"].includes(e.name)) walk(p);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name)) files.push(path.relative(root, p));
  }
};
for (const d of ["lib", "db", "app", "cli", "server", "scripts"]) if (fs.existsSync(d)) walk(d);
const prod = files.filter((f) => !f.startsWith("lib/testing/"));
// db -> lib imports by floor
const byFloor = new Map();
for (const f of prod.filter((f) => f.startsWith("db/")))
  for (const m of fs.readFileSync(f, "utf8").matchAll(/from "((?:\.\.\/)+lib\/([a-z-]+)(?:\/[^"]*)?|(?:\.\.\/)+lib\/config)"/g)) {
    const floor = m[1].endsWith("lib/config") ? "config" : m[2];
    byFloor.set(floor, (byFloor.get(floor) ?? 0) + 1);
  }
console.log(
  "db/ -> lib/ imports by floor:",
  [...byFloor]
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(", "),
  `(total ${[...byFloor.values()].reduce((a, b) => a + b, 0)})`,
);
// colliding names
const names = new Map();
for (const f of prod) {
  const b = path.basename(f);
  if (["route.ts", "page.tsx", "index.ts", "error.tsx", "loading.tsx", "layout.tsx", "reply.ts", "schema.ts", "search-params.ts", "client.tsx"].includes(b))
    continue;
  names.set(b, [...(names.get(b) ?? []), f]);
}
const coll = [...names].filter(([, v]) => v.length > 1);
console.log(`file names used more than once (not Next's or a folder's conventional names): ${coll.length}`);
for (const [b, v] of coll) console.log(`  ${b}: ${v.join(", ")}`);
// doc comments over 4 lines
let docs = 0,
  long = 0;
const longest = [];
for (const f of prod) {
  const t = fs.readFileSync(f, "utf8");
  for (const m of t.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    docs++;
    const lines = m[1].split("\n").filter((l) => l.replace(/^\s*\*?\s?/, "").trim()).length;
    if (lines > 4) {
      long++;
      longest.push([lines, f]);
    }
  }
}
console.log(
  `doc comments: ${docs}, over 4 lines: ${long}; longest: ${longest
    .sort((a, b) => b[0] - a[0])
    .slice(0, 5)
    .map(([n, f]) => `${f} (${n})`)
    .join(", ")}`,
);
// benchmark figures quoted in comments
let figures = 0;
for (const f of prod) {
  for (const line of fs.readFileSync(f, "utf8").split("\n"))
    if (/^\s*(\/\/|\*|\/\*\*)/.test(line) && /\b\d+(\.\d+)?\s?(ms|µs|us|MB|KB|×|x faster|%)\b/.test(line) && /bench|measured|median|p50|p99/i.test(line))
      figures++;
}
console.log(`comment lines quoting benchmark figures: ${figures}`);
// module-level caches
let registry = 0,
  local = 0;
const locals = [];
for (const f of prod) {
  const t = fs.readFileSync(f, "utf8");
  registry += (t.match(/processWide\(|processState\(/g) ?? []).length;
  for (const m of t.matchAll(/^(?:const|let) ([a-zA-Z_]+)(?:: [^=]+)? = new (Map|WeakMap|Set|WeakSet)\b/gm)) {
    const name = m[1];
    if (/^[A-Z_]+$/.test(name)) continue;
    const prevEnd = m.index - 1;
    const prev = t.slice(t.lastIndexOf("\n", prevEnd - 1) + 1, prevEnd);
    if (/copy-local/i.test(prev) || /copy-local/i.test(t.slice(m.index, t.indexOf("\n", m.index)))) continue;
    local++;
    locals.push(`${f}:${name}`);
  }
}
console.log(`process-wide state through the registry: ${registry}; module-level caches outside it (not marked copy-local): ${local}`);
if (process.argv.includes("-v")) for (const l of locals) console.log(`  ${l}`);
