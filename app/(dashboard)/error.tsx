"use client";

import { SectionError } from "./_components/kit/section-error";

export default function OverviewError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Overview" error={error} retry={retry} />;
}
