import Link from "next/link";
import type { CuratorOverview } from "@/lib/services/curator";
import { CuratorButton } from "../_components/curator-button";
import { When } from "../_components/kit/cells";

/** An archived folder's skill name: a second archive of the same name carries a `-YYYYMMDDHHMMSS` suffix. */
const skillOf = (folder: string) => folder.replace(/-\d{14}$/, "");

/** The skills in skills/.archive, each with a Restore. */
export function ArchivedList({ archived }: { archived: string[] }) {
  if (archived.length === 0) return <p className="muted">Nothing in skills/.archive.</p>;
  return (
    <ul data-testid="archived">
      {archived.map((name) => (
        <li key={name}>
          <Link href={`/skills/${encodeURIComponent(skillOf(name))}`}>{name}</Link>{" "}
          <CuratorButton action="restore" name={skillOf(name)} label="Restore" confirm={`Move '${name}' back to skills/${skillOf(name)} and mark it active?`} />
        </li>
      ))}
    </ul>
  );
}

/** What the curator did, newest first, from jev's history. */
export function CuratorHistory({ history }: { history: CuratorOverview["history"] }) {
  if (history.length === 0) return <p className="muted">No curator actions recorded by jev yet.</p>;
  return (
    <ul data-testid="curator-history">
      {history.map((e) => (
        <li key={e.id}>
          <When at={e.at} /> · {e.kind} <Link href={`/skills/${encodeURIComponent(e.skill)}`}>{e.skill}</Link>
        </li>
      ))}
    </ul>
  );
}
