import type { ReactNode } from "react";

/** What a section shows when it has nothing yet: what is missing, and what to do about it. */
export function EmptyState({ title, children, testId }: { title: ReactNode; children?: ReactNode; testId?: string }) {
  return (
    <div className="empty" data-testid={testId}>
      <p>{title}</p>
      {children && <div className="muted">{children}</div>}
    </div>
  );
}
