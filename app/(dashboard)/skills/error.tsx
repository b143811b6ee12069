"use client";

import { SectionError } from "../_components/kit/section-error";

export default function SkillsError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  return <SectionError title="Skills" error={error} retry={retry} />;
}
