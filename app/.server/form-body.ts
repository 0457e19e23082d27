// A form action's body, read with a size cap and only when it is a form: anything else is a
// 4xx with a clear message, never a 500 from a parser (DESIGN.md, Limits).

const FORM_TYPES = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** 64 KB: a contact message or reply of 5,000 characters, each percent-encoded to nine bytes, fits. */
export const DEFAULT_FORM_BYTES = 64 * 1024;

function refuse(status: 400 | 413 | 415, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The request's form fields; throws 415 for another content type, 413 past `maxBytes`, 400 when it does not parse. */
export async function readFormBody(request: Request, maxBytes = DEFAULT_FORM_BYTES): Promise<FormData> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPES.test(type)) throw refuse(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  const tooLarge = () => refuse(413, `The form is too large (at most ${Math.round(maxBytes / 1024)} KB).`);
  if (Number(request.headers.get("Content-Length")) > maxBytes) throw tooLarge();
  // Without a length (a chunked body), count while reading.
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  const reader = request.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(new Uint8Array(value));
  }
  try {
    return await new Response(new Blob(chunks), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw refuse(400, "The form could not be read.");
  }
}
