import fs from "node:fs";
import { serializeReply } from "../../lib/engine/reply";
import { stopSentenceEncoder } from "../../lib/services/catalog";
import { servePickSkill } from "../../lib/services/decisions";
import { cliCtxWithoutDbIfNeeded } from "../context";
import { parseFlags, UsageError } from "../usage";

/** `jev pick-skill`: the reply of selection spec §6 as one JSON line. */
export async function pickSkillCommand(args: string[], out: (line: string) => void): Promise<number> {
  const flags = parseFlags(args, {
    turn: { type: "string" },
    root: { type: "string", multiple: true },
    session: { type: "string" },
    loaded: { type: "string", multiple: true },
    loadable: { type: "string", multiple: true },
    hidden: { type: "string", multiple: true },
    agent: { type: "string" },
    platform: { type: "string" },
    feedback: { type: "boolean" },
  });
  if (flags.turn === undefined) throw new UsageError("pick-skill needs --turn TEXT (or --turn - to read it from standard input)");
  const turn = flags.turn === "-" ? fs.readFileSync(0, "utf8") : flags.turn;
  const { reply, warnings } = await servePickSkill(cliCtxWithoutDbIfNeeded(), {
    channel: "cli",
    turn,
    roots: flags.root,
    sessionId: flags.session,
    loaded: flags.loaded,
    loadable: flags.loadable,
    hidden: flags.hidden,
    agent: flags.agent,
    platform: flags.platform,
    feedback: flags.feedback,
  });
  out(serializeReply(reply, warnings));
  // A vector build still going keeps what it saved for the next run; the command does not wait for the rest.
  await stopSentenceEncoder();
  return 0;
}
