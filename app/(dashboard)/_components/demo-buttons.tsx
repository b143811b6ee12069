"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { loadDemo, unloadDemo } from "../_actions/demo";
import { useWithToken } from "./api-token";

/** Load or remove the synthetic demo fortnight (sessions named demo-…). */
export function DemoButtons({ hasDemo }: { hasDemo: boolean }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);
  const withToken = useWithToken();
  const run = (action: typeof loadDemo) =>
    startTransition(async () => {
      const result = await withToken((token) => action({ token }));
      setMessage(result.message);
      if (result.ok) router.refresh();
    });
  return (
    <p>
      {hasDemo ? (
        <button type="button" onClick={() => run(unloadDemo)} disabled={pending}>
          {pending ? "Removing…" : "Remove demo data"}
        </button>
      ) : (
        <button type="button" onClick={() => run(loadDemo)} disabled={pending}>
          {pending ? "Loading a demo fortnight…" : "Load demo data"}
        </button>
      )}{" "}
      {message && (
        <span role="status" className="muted">
          {message}
        </span>
      )}
    </p>
  );
}
