"use client";

import { useRef, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { useWithToken } from "./api-token";

/**
 * A button for a change: it opens a confirmation that says what will change, then runs the server action with the
 * form's hidden `fields` and the API token (asked for once per tab, as every dashboard change is), and says how it went.
 */
export function ConfirmButton({
  run,
  fields,
  label,
  confirm,
  busyLabel = "Working…",
  disabled = false,
}: {
  run: (form: FormData) => Promise<ActionResult<{ message: string }>>;
  fields: Record<string, string>;
  label: string;
  confirm: string;
  busyLabel?: string;
  /** Shown but not usable (nothing to act on yet); the last result stays shown. */
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const withToken = useWithToken();
  const open = () => {
    setMessage(null);
    dialog.current?.showModal();
  };
  const submit = (form: FormData) =>
    startTransition(async () => {
      dialog.current?.close();
      const result = await withToken((token) => {
        form.set("token", token);
        return run(form);
      });
      setMessage({ ok: result.ok, text: result.message });
    });
  return (
    <span className="curator-button">
      <button type="button" onClick={open} disabled={pending || disabled}>
        {pending ? busyLabel : label}
      </button>
      {message && (
        <span role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "warning-text"}>
          {" "}
          {message.text}
        </span>
      )}
      <dialog ref={dialog} className="confirm" aria-label={[label, fields.name ?? fields.umbrella].filter(Boolean).join(" ")}>
        <form action={submit}>
          <p>{confirm}</p>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="actions">
            <button type="submit" disabled={pending}>
              {pending ? busyLabel : `Yes, ${label.toLowerCase()}`}
            </button>
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </span>
  );
}
