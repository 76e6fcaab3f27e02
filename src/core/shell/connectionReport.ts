// The sentence "Verify Connection" shows when the service answered.
export function connectionReport(input: { baseUrl: string; keyPrefix: string; usable: number; total: number }): string {
  const models = input.usable === 1 ? '1 usable text model' : `${input.usable} usable text models`;
  const head = `Connected to ${input.baseUrl} with key ${input.keyPrefix}: ${models} (of ${input.total} in the catalog).`;
  return input.usable === 0 ? `${head} Ask your workspace admin to enable a text model.` : head;
}
