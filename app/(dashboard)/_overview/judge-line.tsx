import type { JudgeInUse } from "@/lib/services/catalog";

/** Which judge ranks the turns, and what is wrong with it when something is. */
export function JudgeLine({ judge }: { judge: JudgeInUse }) {
  return (
    <>
      <p data-testid="judge-in-use">
        Judge: <strong>{judge.kind}</strong>, {judge.description}.
      </p>
      {judge.problem && (
        <p role="alert">
          {judge.problem}. Every selection fails open (<code>other</code>) until it is fixed.
        </p>
      )}
    </>
  );
}
