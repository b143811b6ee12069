import Link from "next/link";
import { notFound } from "next/navigation";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { JevError } from "@/lib/errors";
import { type SkillDetail, skillDetailService } from "@/lib/services/skill-detail";
import { COUNTER_MEANING, PROVENANCE_LABELS } from "@/lib/vocab/curator";
import { ActivityChart } from "../../_components/activity-chart";
import { CuratorButton } from "../../_components/curator-button";

export const dynamic = "force-dynamic";

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ");

/** An event's detail in words: a curator action's message, or a state change. */
function detailText(detail: string | null): string {
  if (!detail) return "";
  try {
    const d = JSON.parse(detail) as { message?: string; from?: string; to?: string; by?: string };
    return d.message ?? (d.from || d.to ? `${d.from} → ${d.to}${d.by ? ` (${d.by})` : ""}` : "");
  } catch {
    return "";
  }
}

function Actions({ skill }: { skill: SkillDetail }) {
  if (skill.location === "external") return <p className="muted">External skills are read-only to the curator.</p>;
  if (!skill.eligible) return <p className="muted">This skill is {PROVENANCE_LABELS[skill.provenance]}: the curator does not change it.</p>;
  const name = skill.name;
  return (
    <div className="actions">
      {skill.location === "archived" ? (
        <CuratorButton
          action="restore"
          name={name}
          label="Restore"
          confirm={`Move '${name}' back from skills/.archive to skills/${name} and mark it active?`}
        />
      ) : (
        <>
          {skill.record.pinned ? (
            <CuratorButton action="unpin" name={name} label="Unpin" confirm={`Unpin '${name}'? The automatic transitions will apply to it again.`} />
          ) : (
            <CuratorButton action="pin" name={name} label="Pin" confirm={`Pin '${name}'? A pinned skill never goes stale or is archived automatically.`} />
          )}
          {!skill.record.pinned && (
            <CuratorButton
              action="archive"
              name={name}
              label="Archive"
              confirm={`Move '${name}' to skills/.archive? Agents will no longer see it; Restore brings it back.`}
            />
          )}
        </>
      )}
    </div>
  );
}

/** One skill: provenance, lifecycle and record; 90 days of activity beside the engine's suggestions; its history and its files. */
export default async function SkillPage({ params }: { params: Promise<{ name: string }> }) {
  const raw = (await params).name;
  let name = raw;
  try {
    name = decodeURIComponent(raw); // Next may hand the segment still encoded; a lone % stays as it is
  } catch {}
  let skill: SkillDetail;
  try {
    skill = await skillDetailService(getDb(), loadConfig(), name);
  } catch (err) {
    // No such skill is a 404; no Hermes home at all keeps this page, which says how to set one.
    if (err instanceof JevError && err.code === "not_found" && err.field === "name") notFound();
    return (
      <section>
        <h1>{name}</h1>
        <div className="empty" data-testid="skill-missing">
          <p>{err instanceof JevError ? err.message : "this skill could not be read"}</p>
          <Link href="/skills">All skills</Link>
        </div>
      </section>
    );
  }
  const r = skill.record;
  return (
    <section>
      <p>
        <Link href="/skills">← Skills</Link>
      </p>
      <h1>{skill.name}</h1>
      <p data-testid="skill-summary">
        {PROVENANCE_LABELS[skill.provenance]} · <strong>{r.state}</strong>
        {r.pinned && <span className="badge badge-pinned">pinned</span>}
        {skill.location !== "local" && <span className="badge">{skill.location}</span>} ·{" "}
        {skill.managed ? "managed by the curator" : "not under automatic transitions"} · <code>{skill.folder}</code>
      </p>
      <Actions skill={skill} />

      <h2>Activity, last 90 days</h2>
      <p className="muted">
        {r.use_count} uses, {r.view_count} views, {r.patch_count} patches in all; last active {r.last_activity_at ?? "never"}. {COUNTER_MEANING.use}{" "}
        {COUNTER_MEANING.view}
      </p>
      <ActivityChart days={skill.days} />

      <h2>History</h2>
      {skill.history.length === 0 ? (
        <p className="muted">Nothing recorded yet: uses reported through jev, Hermes&apos;s counts at each scan and curator actions appear here.</p>
      ) : (
        <div className="table-scroll">
          <table className="decisions" data-testid="skill-history">
            <thead>
              <tr>
                <th>when (UTC)</th>
                <th>event</th>
                <th className="num">count</th>
                <th>by</th>
                <th>detail</th>
              </tr>
            </thead>
            <tbody>
              {skill.history.map((e) => (
                <tr key={e.id}>
                  <td>{when(e.at)}</td>
                  <td>{e.kind}</td>
                  <td className="num">{e.count}</td>
                  <td>{e.source === "hermes" ? "Hermes" : "jev"}</td>
                  <td className="muted">{detailText(e.detail)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Record</h2>
      <table className="decisions compact" data-testid="skill-record">
        <tbody>
          {(
            ["created_by", "created_at", "state", "pinned", "archived_at", "last_used_at", "last_viewed_at", "last_patched_at", "patch_generation"] as const
          ).map((k) => (
            <tr key={k}>
              <td>{k}</td>
              <td>{String(r[k] ?? "null")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {!r._persisted && <p className="muted">No record in skills/.usage.json yet: these are the defaults.</p>}

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
