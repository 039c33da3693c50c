import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_TYPES, type TFile } from '@agency/contract';
import { errorMessageFromBody } from './format';
import { readToken } from './storage';

/** The text shown when a chosen file is not one of the contract's upload types. */
export const UPLOAD_WRONG_TYPE = 'Only images, PDF, DOC, DOCX and TXT files can be attached';

const ACCEPTED_TYPES: readonly string[] = Object.values(UPLOAD_TYPES).flatMap((t) => t.contentTypes);
const ACCEPTED_EXTENSIONS: readonly string[] = Object.values(UPLOAD_TYPES).flatMap((t) => t.extensions);

/**
 * Why a chosen file cannot be uploaded (10 MB; the contract's upload types: images, pdf, doc, docx, txt), else null.
 * File inputs offer the same list (UPLOAD_ACCEPT); the server checks the content against it again.
 */
export function uploadProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  const ext = file.name.includes('.') ? `.${file.name.split('.').pop()!.toLowerCase()}` : '';
  const typeOk = ACCEPTED_TYPES.includes(file.type) || ACCEPTED_EXTENSIONS.includes(ext);
  return typeOk ? null : UPLOAD_WRONG_TYPE;
}

/** 1234 → '1.2 KB'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Uploads a file (multipart POST /api/files/ with the Authorization header) and resolves to the stored file;
 * rejects with the server's message (413: the 10 MB message). An admin names the client the file belongs to;
 * for a client user the server files it under the caller's own client.
 */
export async function uploadFile(file: File, clientId?: number): Promise<TFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('name', file.name);
  if (clientId !== undefined) form.append('client', String(clientId));
  const { status, body } = await postMultipart('/api/files/', form);
  if (status === 413) throw new Error(FILE_TOO_LARGE);
  if (status < 200 || status >= 300) throw new Error(errorMessageFromBody(body, status));
  return body as TFile;
}

/**
 * POSTs a multipart form to an upload route of the API with the Authorization header (ts-rest's client sends JSON):
 * the status and the parsed JSON body (undefined when there is none), whatever the status.
 */
export async function postMultipart(path: string, form: FormData): Promise<{ status: number; body: unknown }> {
  const token = readToken();
  const res = await fetch(path, { method: 'POST', headers: token ? { authorization: `Token ${token}` } : {}, body: form });
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}
