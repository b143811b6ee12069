"use client";

import { createContext, useCallback, useContext, useRef, useState } from "react";
import type { ActionResult } from "@/lib/http/action-result";

/** Where the token the user typed is kept: this tab only, so each change does not ask again. */
const TOKEN_KEY = "jev-api-token";
/** Asked again at most this often when the server turns a token down. */
const MAX_ASKS = 3;

type Ask = (problem: string | null) => Promise<string | null>;
const AskContext = createContext<Ask | null>(null);

/**
 * Every change the dashboard makes needs the API token, as the API does
 * (lib/http/guarded-action.ts). This provider holds the one dialog that asks
 * for it; `useWithToken` runs an action with it, asking when there is none or
 * when the server refused the one kept.
 */
export function ApiTokenProvider({ children }: { children: React.ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const pending = useRef<((token: string | null) => void) | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [value, setValue] = useState("");

  const settle = (token: string | null) => {
    pending.current?.(token);
    pending.current = null;
    dialog.current?.close();
  };
  const ask = useCallback<Ask>((why) => {
    pending.current?.(null);
    setProblem(why);
    setValue("");
    dialog.current?.showModal();
    return new Promise((resolve) => {
      pending.current = resolve;
    });
  }, []);

  return (
    <AskContext.Provider value={ask}>
      {children}
      <dialog ref={dialog} className="confirm" aria-label="API token" onClose={() => settle(null)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            settle(value.trim() || null);
          }}
        >
          <p>
            Changes need the API token: the one <code>npm start</code> printed, <code>JEV_API_TOKEN</code>, or <code>npx jev token</code>. It is kept in this
            tab until you close it.
          </p>
          <label>
            API token <input name="token" type="password" autoComplete="off" required autoFocus value={value} onChange={(e) => setValue(e.target.value)} />
          </label>
          {problem && (
            <p role="alert" className="warning-text">
              {problem}
            </p>
          )}
          <div className="actions">
            <button type="submit">Use this token</button>
            <button type="button" onClick={() => settle(null)}>
              Cancel
            </button>
          </div>
        </form>
      </dialog>
    </AskContext.Provider>
  );
}

/**
 * Run a guarded action with the API token: the one kept in this tab, else
 * one asked for; a token the server refuses is forgotten and asked for again.
 */
export function useWithToken() {
  const ask = useContext(AskContext);
  return useCallback(
    async <T extends object>(call: (token: string) => Promise<ActionResult<T>>): Promise<ActionResult<T>> => {
      let token = sessionStorage.getItem(TOKEN_KEY);
      let problem: string | null = null;
      for (let asked = 0; ; asked++) {
        if (!token) {
          if (!ask || asked >= MAX_ASKS) return { ok: false, code: "unauthorized", message: problem ?? "no API token given" };
          token = await ask(problem);
          if (!token) return { ok: false, code: "unauthorized", message: "cancelled: nothing was changed" };
        }
        const result = await call(token);
        if (result.ok) sessionStorage.setItem(TOKEN_KEY, token);
        if (result.ok || result.code !== "unauthorized") return result;
        sessionStorage.removeItem(TOKEN_KEY);
        problem = "That token was not accepted; check it and try again.";
        token = null;
      }
    },
    [ask],
  );
}
