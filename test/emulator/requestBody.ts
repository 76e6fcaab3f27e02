// The body of an API request, as the handlers read it: a JSON value, or for multipart/form-data
// (image edits) an object of its fields, text fields as strings and file fields as File.
export async function parseRequestBody(bytes: Buffer, contentType: string | undefined): Promise<unknown> {
  if (bytes.length === 0) return undefined;
  if (contentType?.toLowerCase().startsWith('multipart/form-data')) return parseMultipart(bytes, contentType);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Node's own fetch Request parses multipart (undici), so no parser of our own is needed. */
async function parseMultipart(bytes: Buffer, contentType: string): Promise<Record<string, unknown> | undefined> {
  try {
    const form = await new Request('http://emulator/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) }).formData();
    const fields: Record<string, unknown> = {};
    // A repeated field keeps its first value; `image[]` (how some clients send one file) counts as `image`.
    for (const [name, value] of form) fields[name.replace(/\[\]$/, '')] ??= value;
    return fields;
  } catch {
    return undefined;
  }
}
