// The sentence "Verify Connection" shows when the service answered.
export function connectionReport(input: { baseUrl: string; keyPrefix: string; usable: number; total: number; legacy?: boolean }): string {
  const models = input.usable === 1 ? '1 usable text model' : `${input.usable} usable text models`;
  const address = input.legacy ? `the legacy address ${input.baseUrl}` : input.baseUrl;
  const head = `Connected to ${address} with key ${input.keyPrefix}: ${models} (of ${input.total} in the catalog).`;
  return input.usable === 0 ? `${head} Ask your workspace admin to enable a text model.` : head;
}
