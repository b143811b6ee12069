import type { JudgeInUse } from "@/lib/services/catalog";

/** Which judge ranks the turns, what is wrong with it when something is, and how far its sentence encoder is. */
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
      {judge.encoder && <EncoderLine encoder={judge.encoder} />}
    </>
  );
}

function EncoderLine({ encoder }: { encoder: NonNullable<JudgeInUse["encoder"]> }) {
  const line = (() => {
    switch (encoder.state) {
      case "ready":
        return `ready (${encoder.model}): ${encoder.total} skill texts have vectors.`;
      case "building":
        return `building skill vectors${encoder.total ? `: ${encoder.done} of ${encoder.total} texts` : ""}. Until they are ready, the lexical judge answers alone (replies say so in warnings).`;
      case "loading":
        return "loading its model. Until it has, the lexical judge answers alone.";
      case "failed":
        return "could not load (see the server's log): the lexical judge answers alone. Reinstall with npm install, or set JEV_ENCODER=off.";
      case "off":
        return "off (JEV_ENCODER=off): the lexical judge answers alone.";
    }
  })();
  const building = encoder.state === "building" && encoder.total ? encoder.done : undefined;
  return (
    <p data-testid="encoder-state" role={encoder.state === "failed" ? "alert" : undefined}>
      Sentence encoder: {line}
      {building !== undefined && (
        <>
          {" "}
          <progress max={encoder.state === "building" ? encoder.total : undefined} value={building} aria-label="skill vectors built" />
        </>
      )}
    </p>
  );
}
