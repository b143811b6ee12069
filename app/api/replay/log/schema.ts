import { z } from "zod";
import { instant } from "@/lib/http/query";

export const ExportQuery = z.object({ from: instant.optional(), to: instant.optional() });
