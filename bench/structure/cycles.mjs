// Import cycles among files (type imports counted; --runtime for runtime only) and among folders (lib/<area>, db/queries, db/hot, app…).
//   node bench/structure/cycles.mjs [-v] [--edges]   (in any checkout: before/after figures for issue 44)
import fs from "node:fs";
import path from "node:path";

const root = process.cwd();
const runtimeOnly = process.argv.includes("--runtime");
const dirs = ["lib", "db", "app", "cli", "server", "scripts"];
const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules" && !e.name.startsWith(".")) walk(p);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
  }
};
for (const d of dirs) if (fs.existsSync(d)) walk(d);
const resolve = (from, spec) => {
  let base;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")])
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return path.relative(root, c);
  return null;
};
const graph = new Map();
for (const f of files) {
  const src = fs.readFileSync(f, "utf8");
  const out = new Set();
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const m of src.matchAll(re)) {
    const spec = m[4] ?? m[5];
    const isType =
      !!m[2] ||
      (m[3] &&
        /^\{[^}]*\}$/.test(m[3].trim()) &&
        m[3]
          .replace(/[{}\s]/g, "")
          .split(",")
          .filter(Boolean)
          .every((x) => x.startsWith("type ")));
    if (runtimeOnly && isType) continue;
    const r = resolve(f, spec);
    if (r) out.add(r);
  }
  graph.set(path.relative(root, f), out);
}
/** The strongly connected groups of more than one node (Tarjan): each is a cycle of imports. */
function cyclesOf(edges) {
  let next = 0;
  const stack = [];
  const onStack = new Set();
  const index = new Map();
  const low = new Map();
  const groups = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!edges.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) groups.push(group);
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return groups;
}

const sccs = cyclesOf(graph);
console.log(`${files.length} files, ${sccs.length} cycles (strongly connected groups)${runtimeOnly ? " [runtime imports only]" : ""}`);
for (const c of sccs) {
  const dirsOf = [...new Set(c.map((f) => path.dirname(f)))].sort();
  console.log(`- ${c.length} files in ${dirsOf.join(", ")}`);
  if (process.argv.includes("-v")) console.log(`   ${c.sort().join("\n   ")}`);
}
// Folder level: lib/<area>, db, app, cli, server, scripts as nodes.
const area = (f) => {
  const p = f.split(path.sep);
  return p[0] === "lib" && p.length > 2
    ? `lib/${p[1]}`
    : p[0] === "lib"
      ? "lib(top)"
      : p[0] === "db" && (p[1] === "queries" || p[1] === "hot")
        ? `db/${p[1]}`
        : p[0];
};
const ag = new Map();
const why = new Map();
for (const [f, out] of graph)
  for (const t of out) {
    const a = area(f),
      b = area(t);
    if (a === b) continue;
    if (!ag.has(a)) ag.set(a, new Set());
    ag.get(a).add(b);
    const k = `${a}->${b}`;
    if (!why.has(k)) why.set(k, []);
    why.get(k).push(`${f} -> ${t}`);
  }
{
  // A folder that imports nothing is still a node (cyclesOf skips edges into unknown nodes).
  for (const bs of [...ag.values()]) for (const b of bs) if (!ag.has(b)) ag.set(b, new Set());
  const out = cyclesOf(ag);
  console.log(`folder cycles: ${out.length}`);
  for (const c of out) {
    console.log(`- ${c.sort().join(" <-> ")}`);
    if (process.argv.includes("-v"))
      for (const a of c)
        for (const b of c)
          if (why.has(`${a}->${b}`))
            console.log(`    ${a} -> ${b}: ${why.get(`${a}->${b}`).slice(0, 4).join("; ")}${why.get(`${a}->${b}`).length > 4 ? " …" : ""}`);
  }
}
if (process.argv.includes("--edges")) for (const [a, bs] of [...ag].sort()) console.log(a.padEnd(18), [...bs].sort().join(" "));
