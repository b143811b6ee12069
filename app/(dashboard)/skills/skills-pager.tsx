import Link from "next/link";
import type { PageOf } from "@/lib/base/paging";
import type { SkillListRow } from "@/lib/services/skills";
import { type SkillsPageView, skillsHref } from "./search-params";

/** Rows a page of the Skills table: a home's hundreds of skills on one page made a page of megabytes (lib/README.md). */
export const SKILLS_PAGE_SIZE = 100;

/** How many skills there are, which of them are shown, and links to the other pages (the filters and sort kept). */
export function SkillsPager({ view, shown }: { view: SkillsPageView; shown: PageOf<SkillListRow> }) {
  const href = (page: number) => skillsHref(view, { page: page > 1 ? page : undefined });
  return (
    <nav className="pager" aria-label="Skill pages" data-testid="skills-pager">
      <span className="muted" data-testid="skills-count">
        {shown.pages > 1 ? `${shown.total} skills, ${shown.first}–${shown.last} shown.` : `${shown.total} skills.`}
      </span>
      {shown.pages > 1 && (
        <>
          {shown.page > 1 && (
            <Link href={href(shown.page - 1)} rel="prev">
              Previous
            </Link>
          )}
          <span>
            page {shown.page} of {shown.pages}
          </span>
          {shown.page < shown.pages && (
            <Link href={href(shown.page + 1)} rel="next">
              Next
            </Link>
          )}
        </>
      )}
    </nav>
  );
}
