import { nextRoute } from "@/app/api/next-route";

export const { POST } = nextRoute("/api/mcp");
