/** What a section shows while its page is read (each section's loading.tsx). */
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
