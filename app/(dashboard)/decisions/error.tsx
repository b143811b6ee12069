"use client";

import { SectionError } from "../_components/kit/section-error";

export default function DecisionsError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Decisions" error={error} retry={retry} />;
}
