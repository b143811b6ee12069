import path from "node:path";
import { atomicWriteFile } from "../fs/atomic-write";
import { readSmallTextSync } from "../fs/regular-file";
import { assertWritableTarget } from "../fs/safe-target";
import { compareCodePoints } from "./python-json";

/** `skills/.curator_suppressed` (curator spec §6.6): bundled names Hermes must not re-seed. */
const file = (home: string) => path.join(home, "skills", ".curator_suppressed");

export function readSuppressedNames(home: string): Set<string> {
  const text = readSmallTextSync(file(home));
  if (text === undefined) return new Set();
  return new Set(
    text
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith("#")),
  );
}

/** Add or remove a name; writes (sorted names, each with `\n`; comments dropped) only when the set changes. */
export async function setSuppressed(home: string, name: string, suppressed: boolean): Promise<boolean> {
  const names = readSuppressedNames(home);
  if (names.has(name) === suppressed) return false;
  if (suppressed) names.add(name);
  else names.delete(name);
  assertWritableTarget(file(home)); // a link (or a FIFO) there is refused, not written over
  await atomicWriteFile(
    file(home),
    [...names]
      .sort(compareCodePoints)
      .map((n) => `${n}\n`)
      .join(""),
    ".curator_suppressed_",
  );
  return true;
}
