#!/usr/bin/env node
// The `jev` command: runs the TypeScript CLI through tsx (Node 20 cannot strip types).
import { register } from "tsx/esm/api";

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
