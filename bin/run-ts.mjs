#!/usr/bin/env node
import path from "node:path";
import { pathToFileURL } from "node:url";
// Run a TypeScript entry point of this project (CLI, benchmarks) through tsx.
import { register } from "tsx/esm/api";

register();
const [entry, ...rest] = process.argv.slice(2);
process.argv = [process.argv[0], entry, ...rest];
await import(pathToFileURL(path.resolve(entry)).href);
