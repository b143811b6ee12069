/** SKILL.md entries the Hermes walk skipped (a FIFO, a socket, a device): named so they can be fixed. */
export function SkippedEntries({ skipped }: { skipped: { path: string; problem: string }[] }) {
  if (skipped.length === 0) return null;
  return (
    <div className="warning" data-testid="skills-skipped">
      <p>
        {skipped.length} {skipped.length === 1 ? "entry is" : "entries are"} skipped, never opened: a <code>SKILL.md</code> must be a regular file (or a link to
        one).
      </p>
      <ul>
        {skipped.slice(0, 20).map((s) => (
          <li key={s.path}>
            <code className="path">{s.path}</code>: {s.problem}
          </li>
        ))}
      </ul>
    </div>
  );
}
