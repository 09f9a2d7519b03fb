import type { TestClient } from './test-client.ts';

export interface FormPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** The part's Content-Type; none when left out, as for a plain field. */
  type?: string;
}

/** A plain text field of a form. */
export const formField = (name: string, value: string): FormPart => ({ name, value });

/** A PNG file part (the bytes need not be a valid PNG: upload tests send broken ones on purpose). */
export const pngFile = (name: string, value: Buffer, filename = 'image.png'): FormPart => ({
  name,
  value,
  filename,
  type: 'image/png',
});

/** A multipart/form-data body as the browser's FormData sends it. */
export function multipart(parts: FormPart[]) {
  const boundary = `----fieldbid${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export type MultipartForm = ReturnType<typeof multipart>;

/** POSTs a multipart body; `headers` adds to the content type (an Idempotency-Key, say). */
export function postMultipart(
  client: TestClient,
  url: string,
  form: MultipartForm,
  headers: Record<string, string> = {},
) {
  return client.request('POST', url, {
    json: form.body,
    headers: { 'content-type': form.contentType, ...headers },
  });
}
