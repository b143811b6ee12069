/**
 * What a section shows while its page is read (a section's loading.tsx).
 * The Overview (whose loading would wrap every section), Skills and
 * Decisions have none: they hold pages that can be not found, and a page
 * streamed after its loading shell can no longer answer 404.
 */
export function SectionLoading({ title }: { title: string }) {
  return (
    <section aria-busy="true">
      <h1>{title}</h1>
      <p className="muted" data-testid="section-loading">
        Loading…
      </p>
    </section>
  );
}
