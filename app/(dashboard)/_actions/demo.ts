"use server";

import fs from "node:fs";
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { demoHermesHome, writeDemoHermesHome } from "@/lib/demo/demo-hermes-home";
import { guardedAction } from "@/lib/http/guarded-action";
import { removeDemo, seedDemo } from "@/lib/services/demo";

const NoInput = z.object({});

/** The Overview's demo buttons: `npm run demo` and `npm run demo -- --remove`, from the dashboard. */
export const loadDemo = guardedAction(
  NoInput,
  async (_, ctx) => {
    const { config } = ctx;
    const { decisions, loads } = await seedDemo(ctx);
    writeDemoHermesHome(demoHermesHome(config));
    revalidatePath("/", "layout");
    return { message: `Loaded ${decisions} synthetic decisions and ${loads} loads (demo data).` };
  },
  "loading the demo data",
);

export const unloadDemo = guardedAction(
  NoInput,
  async (_, ctx) => {
    const { config } = ctx;
    const { decisions } = await removeDemo(ctx);
    fs.rmSync(demoHermesHome(config), { recursive: true, force: true });
    revalidatePath("/", "layout");
    return { message: `Removed ${decisions} demo decisions.` };
  },
  "removing the demo data",
);
