import Link from "next/link";

/** Any page or record that does not exist: a 404 that says where to look instead. */
export default function NotFound() {
  return (
    <section>
      <h1>Not found</h1>
      <div className="empty" data-testid="not-found">
        <p>There is nothing here: the skill, decision or page may have been removed, or the link is wrong.</p>
        <p>
          <Link href="/skills">All skills</Link> · <Link href="/decisions">Decisions</Link> · <Link href="/">Overview</Link>
        </p>
      </div>
    </section>
  );
}
