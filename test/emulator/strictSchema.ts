// Responses function tools are strict unless they say `strict: false`: upstream then refuses a
// parameters schema it cannot enforce exactly, naming where, in its own words.

/** Why `schema` cannot be used in strict mode; undefined when it can. */
export function strictSchemaProblem(schema: unknown, context: string[] = []): string | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const s = schema as { type?: unknown; properties?: Record<string, unknown>; required?: unknown; additionalProperties?: unknown; items?: unknown };
  const where = `In context=(${context.map((c) => `'${c}'`).join(', ')})`;
  if (s.type === 'object' || s.properties !== undefined) {
    if (s.additionalProperties !== false) return `${where}, 'additionalProperties' is required to be supplied and to be false.`;
    const keys = Object.keys(s.properties ?? {});
    const required = Array.isArray(s.required) ? (s.required as unknown[]) : [];
    const missing = keys.find((k) => !required.includes(k));
    if (missing !== undefined)
      return `${where}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    for (const key of keys) {
      const problem = strictSchemaProblem(s.properties?.[key], [...context, 'properties', key]);
      if (problem) return problem;
    }
  }
  return s.items === undefined ? undefined : strictSchemaProblem(s.items, [...context, 'items']);
}
