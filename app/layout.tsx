import type { Metadata } from "next";
import Link from "next/link";
import "./globals.css";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: "jev",
  description: "Skill selection and curation for AI agents",
  icons: { icon: "/favicon.svg" },
};

const NAV = [
  { href: "/", label: "Overview" },
  { href: "/decisions", label: "Decisions" },
];

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="shell-header">
          <Link href="/" className="brand">
            jev
          </Link>
          <nav aria-label="Main">
            {NAV.map((item) => (
              <Link key={item.href} href={item.href}>
                {item.label}
              </Link>
            ))}
          </nav>
        </header>
        <Providers>
          <main className="shell-main">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
