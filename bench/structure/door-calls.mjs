// Calls from app/, cli/, server/, scripts/ to lib/services verbs: how many take (ctx, input) with one input object.
//   node bench/structure/door-calls.mjs [-v]
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = process.cwd();
const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\./.test(e.name)) files.push(p);
  }
};
for (const d of ["app", "cli", "server", "scripts"]) walk(d);
let total = 0,
  good = 0;
const bad = [];
const program = ts.createProgram(files, {
  allowJs: false,
  jsx: ts.JsxEmit.Preserve,
  baseUrl: root,
  paths: { "@/*": ["./*"] },
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  target: ts.ScriptTarget.ES2022,
});
const checker = program.getTypeChecker();
for (const f of files) {
  const sf = program.getSourceFile(f);
  const services = new Set();
  for (const st of sf.statements)
    if (
      ts.isImportDeclaration(st) &&
      /lib\/services\//.test(st.moduleSpecifier.text) &&
      st.importClause?.namedBindings &&
      ts.isNamedImports(st.importClause.namedBindings)
    )
      for (const el of st.importClause.namedBindings.elements) if (!el.isTypeOnly && !st.importClause.isTypeOnly) services.add(el.name.text);
  const visit = (n) => {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && services.has(n.expression.text)) {
      const name = n.expression.text;
      if (/^(liveCtx|ctxAt|cliCtx|openCtx)$/.test(name)) return ts.forEachChild(n, visit);
      const t = checker.getTypeAtLocation(n.expression);
      const sig = t.getCallSignatures()[0];
      const p0 = sig?.parameters[0];
      const p0type = p0 ? checker.typeToString(checker.getTypeOfSymbolAtLocation(p0, n)) : "";
      if (!/Ctx|ServiceCtx|PickContext|Context|^Db$|Db \|/.test(p0type)) return ts.forEachChild(n, visit); // not a verb (a helper or a constant function)
      total++;
      const a = n.arguments;
      const ok =
        a.length <= 2 &&
        (a.length < 2 || ts.isObjectLiteralExpression(a[1]) || ts.isIdentifier(a[1]) || ts.isCallExpression(a[1]) || ts.isSpreadElement(a[1])) &&
        !(a.length === 2 && ts.isStringLiteral(a[1]));
      if (ok && a.length === 2 && ts.isIdentifier(a[1])) {
        const at = checker.getTypeAtLocation(a[1]);
        if (at.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike)) {
          bad.push(`${path.relative(root, f)}: ${name}(…, ${a[1].getText()})`);
          return;
        }
      }
      if (ok && !/^(ServiceCtx|DbCtx|Pick<ServiceCtx)/.test(p0type)) {
        bad.push(`${path.relative(root, f)}: ${name} takes ${p0type}`);
        return ts.forEachChild(n, visit);
      }
      if (ok) good++;
      else bad.push(`${path.relative(root, f)}: ${name}(${a.map((x) => x.getText().slice(0, 20)).join(", ")})`);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
}
console.log(`${good} of ${total} edge calls take (ctx, input)`);
if (process.argv.includes("-v")) for (const b of bad) console.log(`  ${b}`);
