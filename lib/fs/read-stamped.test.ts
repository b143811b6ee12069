import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { tempDir } from "../testing/factories";
import { forgetStamped, readStamped } from "./read-stamped";

let tmp: ReturnType<typeof tempDir>;
let parses: string[];
beforeEach(() => {
  tmp = tempDir("jev-stamped-");
  parses = [];
});
afterEach(() => tmp.cleanup());

/** A parser that says what it was given, and counts. */
const parse = (text: string | undefined, file: string) => {
  parses.push(path.basename(file));
  return text === undefined ? "unreadable" : text.trim();
};

it("parses once per version of the file, and the fallback when it is missing", () => {
  const file = path.join(tmp.dir, "a.json");
  expect(readStamped(file, parse, { fallback: "none" })).toBe("none");
  fs.writeFileSync(file, "one");
  expect(readStamped(file, parse, { fallback: "none" })).toBe("one");
  expect(readStamped(file, parse, { fallback: "none" })).toBe("one");
  expect(parses).toEqual(["a.json"]);
  fs.writeFileSync(file, "three"); // another size: a new version
  expect(readStamped(file, parse, { fallback: "none" })).toBe("three");
  fs.writeFileSync(file, "four!"); // the same size within the clock's tick may look unchanged: the writer says so
  forgetStamped(file);
  expect(readStamped(file, parse, { fallback: "none" })).toBe("four!");
  expect(parses).toEqual(["a.json", "a.json", "a.json"]);
});

it("a path that is not a regular file is parsed as unreadable, never opened for blocking reads", () => {
  const fifo = path.join(tmp.dir, "fifo");
  execFileSync("mkfifo", [fifo]);
  expect(readStamped(fifo, parse, { fallback: "none" })).toBe("unreadable");
});

it("remembers at most maxEntries files per parser", () => {
  const files = ["x", "y", "z"].map((n) => {
    const f = path.join(tmp.dir, n);
    fs.writeFileSync(f, n);
    return f;
  });
  const bounded = (text: string | undefined, file: string) => parse(text, file);
  for (const f of files) readStamped(f, bounded, { fallback: "", maxEntries: 2 });
  readStamped(files[2], bounded, { fallback: "", maxEntries: 2 }); // still remembered
  readStamped(files[0], bounded, { fallback: "", maxEntries: 2 }); // forgotten when the cache started over
  expect(parses).toEqual(["x", "y", "z", "x"]);
});
