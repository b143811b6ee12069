import fs from "node:fs";
import { getDb } from "../../db/client";
import { JevError } from "../../lib/errors";
import { exportReplayLog } from "../../lib/services/export-log";
import { parseFlags } from "../usage";

/** `jev export-log`: the live suggestions and loads as a replay log, to stdout or --out. */
export async function exportLogCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { from: { type: "string" }, to: { type: "string" }, out: { type: "string" } });
  const { lines } = exportReplayLog(getDb(), { from: flags.from, to: flags.to });
  if (!flags.out) {
    for (const line of lines) out(line);
    return 0;
  }
  let fd: number;
  try {
    fd = fs.openSync(flags.out, "w");
  } catch {
    throw new JevError("bad_request", `cannot write ${flags.out}`);
  }
  try {
    let batch: string[] = [];
    for (const line of lines) {
      batch.push(line);
      if (batch.length === 4096) {
        fs.writeSync(fd, `${batch.join("\n")}\n`);
        batch = [];
      }
    }
    if (batch.length) fs.writeSync(fd, `${batch.join("\n")}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return 0;
}
