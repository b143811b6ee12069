import { nextRoute } from "@/app/api/next-route";

export const { GET } = nextRoute("/api/openapi.json");
