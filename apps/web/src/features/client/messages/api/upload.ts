import { FILE_TOO_LARGE, type TFile } from '@agency/contract';
import { errorMessageFromBody } from '@/lib/format';
import { readToken } from '@/lib/storage';

/**
 * Uploads a chat attachment (multipart POST /api/files/ with the Authorization header; the server files it under
 * the caller's own client) and resolves to the stored file; rejects with the server's message.
 */
export async function uploadAttachment(file: File): Promise<TFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('name', file.name);
  const token = readToken();
  const res = await fetch('/api/files/', {
    method: 'POST',
    headers: token ? { authorization: `Token ${token}` } : {},
    body: form,
  });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  if (res.status === 413) throw new Error(FILE_TOO_LARGE);
  if (!res.ok) throw new Error(errorMessageFromBody(body, res.status));
  return body as TFile;
}
