"use client";

/**
 * What a section shows when its page throws (each section's error.tsx): a
 * plain sentence, the digest that finds the error in the server's log (the
 * message itself never reaches the page), and a retry.
 */
export function SectionError({ title, error, retry }: { title: string; error: Error & { digest?: string }; retry: () => void }) {
  return (
    <section>
      <h1>{title}</h1>
      <div className="empty" role="alert" data-testid="section-error">
        <p>This page could not be loaded. The database or a skill folder may be unavailable for a moment.</p>
        {error.digest && (
          <p className="muted">
            Reference for the server log: <code>{error.digest}</code>
          </p>
        )}
        <button type="button" onClick={() => retry()}>
          Try again
        </button>
      </div>
    </section>
  );
}
