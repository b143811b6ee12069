"use client";

import { SectionError } from "../_components/kit/section-error";

export default function ReplayError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Replay" error={error} retry={retry} />;
}
