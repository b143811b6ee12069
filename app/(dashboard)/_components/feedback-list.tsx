import { secondText } from "@/lib/base/time";

/** What an agent reported in a session, oldest first; `empty` says what to do when there is nothing. */
export function FeedbackList({
  feedback,
  empty,
  testId,
}: {
  feedback: { at: string; skill: string; event: string }[];
  empty: React.ReactNode;
  testId: string;
}) {
  if (feedback.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul data-testid={testId}>
      {feedback.map((f) => (
        <li key={`${f.at}-${f.event}-${f.skill}`}>
          {secondText(f.at)}: {f.event} <strong>{f.skill}</strong>
        </li>
      ))}
    </ul>
  );
}
