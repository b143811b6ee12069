import path from "node:path";
import { z } from "zod";
import { JevError } from "../base/errors";
import { readWholeFileSync } from "../fs/regular-file";

/**
 * `$HERMES_HOME/jev/skill-feedback.json` (interfaces.md): what the agent
 * plugin saw while the server could not be reached, newest last:
 * `{"version": 1, "records": [{"skill", "at", "loaded", "session"}]}`.
 */
const FeedbackRecord = z.object({
  skill: z.string().min(1).max(256),
  at: z.iso.datetime({ offset: true }),
  loaded: z.boolean(),
  session: z.string().min(1).max(256).optional(),
});
const FeedbackFile = z.object({ version: z.literal(1), records: z.array(FeedbackRecord).max(100_000) });
export type SkillFeedbackRecord = z.infer<typeof FeedbackRecord>;

export function skillFeedbackFile(hermesHome: string): string {
  return path.join(hermesHome, "jev", "skill-feedback.json");
}

/** The file's records; none when it does not exist. A file that does not parse is a bad_request naming the place. */
export function readSkillFeedbackFile(hermesHome: string): { file: string; records: SkillFeedbackRecord[] } {
  const file = skillFeedbackFile(hermesHome);
  let text: string;
  try {
    const bytes = readWholeFileSync(file);
    if (bytes === undefined) return { file, records: [] };
    text = bytes.toString("utf8");
  } catch {
    throw new JevError("bad_request", `cannot read ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new JevError("bad_request", `${file}: not valid JSON`);
  }
  const parsed = FeedbackFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new JevError("bad_request", `${file}: ${issue.path.map(String).join(".") || "file"}: ${issue.message}`);
  }
  return { file, records: parsed.data.records };
}
