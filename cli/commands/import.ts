import { expandPath } from "../../lib/catalog/expand-path";
import { loadConfig } from "../../lib/config";
import { importHermes } from "../../lib/services/feedback";
import { cliCtx } from "../context";
import { parseFlags, UsageError } from "../usage";

/** `jev import hermes`: what a Hermes home's plugin recorded while the server was down; idempotent. */
export async function importCommand(args: string[], out: (line: string) => void): Promise<number> {
  const [source, ...rest] = args;
  if (source !== "hermes") throw new UsageError("import needs a source: jev import hermes [--hermes-home DIR]");
  const flags = parseFlags(rest, { "hermes-home": { type: "string" }, home: { type: "string" } });
  const config = loadConfig();
  const dir = flags["hermes-home"] ?? flags.home;
  const report = await importHermes(cliCtx(config), { home: dir ? expandPath(dir, process.cwd()) : config.hermesHome });
  out(JSON.stringify(report));
  return 0;
}
