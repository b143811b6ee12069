import type { Metadata, Viewport } from "next";
import Link from "next/link";
import "./globals.css";
import { NavLinks } from "./nav-links";
import { Providers } from "./providers";

export const metadata: Metadata = {
  title: "jev",
  description: "Skill selection and curation for AI agents",
  icons: { icon: "/favicon.svg" },
};

export const viewport: Viewport = { colorScheme: "light dark", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="shell-header">
          <Link href="/" className="brand">
            jev
          </Link>
          <NavLinks />
        </header>
        <Providers>
          <main className="shell-main">{children}</main>
        </Providers>
      </body>
    </html>
  );
}
