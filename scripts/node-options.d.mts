export const DEFAULT_HEAP_FLAGS: string;
export function serverNodeOptions(env?: Record<string, string | undefined>): string;
