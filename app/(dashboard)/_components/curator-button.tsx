"use client";

import { useRef, useState, useTransition } from "react";
import type { CuratorAction } from "@/lib/vocab/curator";
import { curatorAdminAction } from "../_actions/curator";
import { useWithToken } from "./api-token";

/**
 * A curator action button (pin, unpin, archive, restore, run): it opens a
 * confirmation that says what will change, then runs the action with the API
 * token (asked for once per tab, as every dashboard change is).
 */
export function CuratorButton({
  action,
  name,
  dryRun,
  label,
  confirm,
}: {
  action: CuratorAction;
  name?: string;
  dryRun?: boolean;
  label: string;
  confirm: string;
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
        return curatorAdminAction(form);
      });
      setMessage({ ok: result.ok, text: result.message });
    });
  return (
    <span className="curator-button">
      <button type="button" onClick={open} disabled={pending}>
        {label}
      </button>
      {message && (
        <span role={message.ok ? "status" : "alert"} className={message.ok ? "muted" : "warning-text"}>
          {" "}
          {message.text}
        </span>
      )}
      <dialog ref={dialog} className="confirm" aria-label={`${label}${name ? ` ${name}` : ""}`}>
        <form action={submit}>
          <p>{confirm}</p>
          <input type="hidden" name="action" value={action} />
          {name && <input type="hidden" name="name" value={name} />}
          {dryRun !== undefined && <input type="hidden" name="dry_run" value={String(dryRun)} />}
          <div className="actions">
            <button type="submit" disabled={pending}>
              {pending ? "Working…" : `Yes, ${label.toLowerCase()}`}
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
