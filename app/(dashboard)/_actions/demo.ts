"use server";

import fs from "node:fs";
import { revalidatePath } from "next/cache";
import { getDb } from "@/db/client";
import { loadConfig } from "@/lib/config";
import { demoHermesHome, writeDemoHermesHome } from "@/lib/demo/demo-hermes-home";
import { removeDemo, seedDemo } from "@/lib/demo/seed-demo";
import { JevError } from "@/lib/errors";

type Result = { ok: true; message: string } | { ok: false; message: string };

/** The Overview's demo buttons: `npm run demo` and `npm run demo -- --remove`, from the dashboard. */
export async function loadDemo(): Promise<Result> {
  try {
    const { decisions, loads } = await seedDemo(getDb(), loadConfig());
    writeDemoHermesHome(demoHermesHome());
    revalidatePath("/", "layout");
    return { ok: true, message: `Loaded ${decisions} synthetic decisions and ${loads} loads (demo data).` };
  } catch (err) {
    if (err instanceof JevError) return { ok: false, message: err.message };
    console.error(`[jev] demo seeding failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "could not load the demo data" };
  }
}

export async function unloadDemo(): Promise<Result> {
  try {
    const { decisions } = await removeDemo(getDb());
    fs.rmSync(demoHermesHome(), { recursive: true, force: true });
    revalidatePath("/", "layout");
    return { ok: true, message: `Removed ${decisions} demo decisions.` };
  } catch (err) {
    console.error(`[jev] demo removal failed (${err instanceof Error ? err.name : typeof err})`);
    return { ok: false, message: "could not remove the demo data" };
  }
}
