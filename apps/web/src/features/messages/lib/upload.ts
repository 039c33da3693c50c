import { FILE_TOO_LARGE, type TFile } from '@agency/contract';
import { errorMessageFromBody } from '@/lib/format';
import { readToken } from '@/lib/storage';

/**
 * Uploads a file (multipart POST /api/files/ with the Authorization header) and resolves to the stored file;
 * rejects with the server's message (413: the 10 MB message). An admin names the client the file belongs to;
 * for a client user the server files it under the caller's own client.
 */
export async function uploadAttachment(file: File, clientId?: number): Promise<TFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('name', file.name);
  if (clientId !== undefined) form.append('client', String(clientId));
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
