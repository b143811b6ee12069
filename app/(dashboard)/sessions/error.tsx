"use client";

import { SectionError } from "../_components/kit/section-error";

export default function SessionError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Session" error={error} retry={retry} />;
}
