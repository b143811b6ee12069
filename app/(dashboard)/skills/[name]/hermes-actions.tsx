import type { HermesSkillDetail } from "@/lib/services/skills";
import { PROVENANCE_LABELS } from "@/lib/vocab/curator";
import { CuratorButton } from "../../_components/curator-button";

/** The curator's actions on a Hermes skill: pin or unpin, archive, restore; or why there are none. */
export function HermesActions({ name, hermes }: { name: string; hermes: HermesSkillDetail }) {
  if (hermes.location === "external") return <p className="muted">External skills are read-only to the curator.</p>;
  if (!hermes.eligible) return <p className="muted">This skill is {PROVENANCE_LABELS[hermes.provenance]}: the curator does not change it.</p>;
  if (hermes.location === "archived") {
    return (
      <div className="actions">
        <CuratorButton
          action="restore"
          name={name}
          label="Restore"
          confirm={`Move '${name}' back from skills/.archive to skills/${name} and mark it active?`}
        />
      </div>
    );
  }
  return (
    <div className="actions">
      {hermes.record.pinned ? (
        <CuratorButton action="unpin" name={name} label="Unpin" confirm={`Unpin '${name}'? The automatic transitions will apply to it again.`} />
      ) : (
        <>
          <CuratorButton action="pin" name={name} label="Pin" confirm={`Pin '${name}'? A pinned skill never goes stale or is archived automatically.`} />
          <CuratorButton
            action="archive"
            name={name}
            label="Archive"
            confirm={`Move '${name}' to skills/.archive? Agents will no longer see it; Restore brings it back.`}
          />
        </>
      )}
    </div>
  );
}
