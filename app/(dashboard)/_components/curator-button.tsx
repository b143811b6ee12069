"use client";

import type { CuratorAction } from "@/lib/vocab/curator";
import { curatorAdminAction } from "../_actions/curator";
import { ConfirmButton } from "./confirm-button";

/** A curator action button (pin, unpin, archive, restore, run): confirmed, then run with the API token. */
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
  const fields: Record<string, string> = { action };
  if (name) fields.name = name;
  if (dryRun !== undefined) fields.dry_run = String(dryRun);
  return <ConfirmButton run={curatorAdminAction} fields={fields} label={label} confirm={confirm} />;
}
