import Link from "next/link";
import { notFound } from "next/navigation";
import { JevError } from "@/lib/base/errors";
import { liveCtx } from "@/lib/services/context";
import { type SkillDetail, skillDetail } from "@/lib/services/skills";
import { COUNTER_MEANING, PROVENANCE_LABELS } from "@/lib/vocab/curator";
import { SKILL_SOURCE_LABELS } from "@/lib/vocab/skill-sources";
import { ActivityChart } from "../../_components/activity-chart";
import { Badge } from "../../_components/kit/cells";
import { HermesActions } from "./hermes-actions";
import { HermesRecord } from "./hermes-record";

export const dynamic = "force-dynamic";

/** Where the skill lives and, for a Hermes skill, who owns it and its lifecycle. */
function Summary({ skill }: { skill: SkillDetail }) {
  const h = skill.hermes;
  if (!h) {
    return (
      <p data-testid="skill-summary">
        {SKILL_SOURCE_LABELS[skill.source]} · <code>{skill.folder}</code>
      </p>
    );
  }
  return (
    <p data-testid="skill-summary">
      {PROVENANCE_LABELS[h.provenance]} · <strong>{h.record.state}</strong>
      {h.record.pinned && <Badge kind="pinned">pinned</Badge>}
      {h.location !== "local" && <Badge>{h.location}</Badge>} · {h.managed ? "managed by the curator" : "not under automatic transitions"} ·{" "}
      <code>{h.folder}</code>
    </p>
  );
}

/** One skill: where it lives, 90 days of the engine's suggestions (and Hermes's activity), its files; for a Hermes skill its record, history and actions. */
export default async function SkillPage({ params }: { params: Promise<{ name: string }> }) {
  const raw = (await params).name;
  let name = raw;
  try {
    name = decodeURIComponent(raw); // Next may hand the segment still encoded; a lone % stays as it is
  } catch {}
  let skill: SkillDetail;
  try {
    skill = await skillDetail(liveCtx(), { name });
  } catch (err) {
    if (err instanceof JevError && err.code === "not_found" && err.field === "name") notFound();
    throw err;
  }
  const r = skill.hermes?.record;
  return (
    <section>
      <p>
        <Link href="/skills">← Skills</Link>
      </p>
      <h1>{skill.name}</h1>
      <Summary skill={skill} />
      {skill.hermes && <HermesActions name={skill.name} hermes={skill.hermes} />}
      <h2>Activity, last 90 days</h2>
      {r && (
        <p className="muted">
          {r.use_count} uses, {r.view_count} views, {r.patch_count} patches in all; last active {r.last_activity_at ?? "never"}. {COUNTER_MEANING.use}{" "}
          {COUNTER_MEANING.view}
        </p>
      )}
      <ActivityChart days={skill.days} />
      {skill.hermes && <HermesRecord hermes={skill.hermes} />}
      <h2>Files</h2>
      <ul data-testid="skill-files">
        {skill.files.map((f) => (
          <li key={f.path}>
            <code>{f.path}</code> <span className="muted">{f.bytes.toLocaleString("en")} bytes</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
