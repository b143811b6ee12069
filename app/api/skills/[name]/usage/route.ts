import { toResponse } from "@/lib/http/json-reply";
import { usageReply } from "./reply";

export async function POST(request: Request, { params }: { params: Promise<{ name: string }> }) {
  return toResponse(await usageReply(request, await params));
}
