"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/decisions", label: "Decisions" },
  { href: "/suppression", label: "Suppression" },
  { href: "/replay", label: "Replay" },
  { href: "/skills", label: "Skills" },
  { href: "/curator", label: "Curator" },
];

/** The main navigation; the current section is marked for assistive tech and styled from that mark. */
export function NavLinks() {
  const pathname = usePathname();
  const current = (href: string) =>
    href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`) || (href === "/decisions" && pathname.startsWith("/sessions/"));
  return (
    <nav aria-label="Main">
      {NAV.map((item) => (
        <Link key={item.href} href={item.href} aria-current={current(item.href) ? "page" : undefined}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}
