"use client";

import { SectionError } from "../_components/kit/section-error";

export default function CuratorError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Curator" error={error} retry={retry} />;
}
