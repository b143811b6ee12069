export async function openapiCommand(): Promise<number> {
  return 0;
}
