"use client";

import { SectionError } from "../_components/kit/section-error";

export default function SuppressionError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Suppression" error={error} retry={retry} />;
}
