import fs from "node:fs";
import { JevError } from "../../lib/base/errors";
import { exportReplayLog } from "../../lib/services/decisions";
import { cliCtx } from "../context";
import { parseFlags } from "../usage";

/** `jev export-log`: the live suggestions and loads as a replay log, to stdout or --out. */
export async function exportLogCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, { from: { type: "string" }, to: { type: "string" }, out: { type: "string" } });
  const { batches } = exportReplayLog(cliCtx(), { from: flags.from, to: flags.to });
  if (!flags.out) {
    for await (const batch of batches) for (const line of batch) out(line);
    return 0;
  }
  let fd: number;
  try {
    fd = fs.openSync(flags.out, "w");
  } catch {
    throw new JevError("bad_request", `cannot write ${flags.out}`);
  }
  try {
    for await (const batch of batches) fs.writeSync(fd, `${batch.join("\n")}\n`);
  } finally {
    fs.closeSync(fd);
  }
  return 0;
}
