import { nextRoute } from "@/app/api/next-route";

export const { GET, POST } = nextRoute("/api/replay");
