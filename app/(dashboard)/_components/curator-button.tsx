"use client";

import { useRef, useState, useTransition } from "react";
import type { CuratorAction } from "@/lib/vocab/curator";
import { curatorAdminAction } from "../_actions/curator";

/** Where the token the user typed is kept for this tab only, so each confirmation does not ask again. */
const TOKEN_KEY = "jev-api-token";

/**
 * A curator action button (pin, unpin, archive, restore, run): it opens a
 * confirmation that says what will change and asks for the API token (kept
 * in this tab's session storage once accepted), then runs the action.
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
  const [token, setToken] = useState("");
  const open = () => {
    setMessage(null);
    setToken(sessionStorage.getItem(TOKEN_KEY) ?? "");
    dialog.current?.showModal();
  };
  const submit = (form: FormData) =>
    startTransition(async () => {
      const result = await curatorAdminAction(form);
      if (result.ok) {
        sessionStorage.setItem(TOKEN_KEY, String(form.get("token")));
        dialog.current?.close();
      } else if ("unauthorized" in result && result.unauthorized) sessionStorage.removeItem(TOKEN_KEY);
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
          <label>
            API token <input name="token" type="password" autoComplete="off" required value={token} onChange={(e) => setToken(e.target.value)} />
          </label>
          {message && !message.ok && (
            <p role="alert" className="warning-text">
              {message.text}
            </p>
          )}
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
