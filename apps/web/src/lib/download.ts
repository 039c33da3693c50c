import { readToken } from './storage';
import { errorMessageFromBody } from './format';

/** A failed download, with the server's message (its detail field) when there is one. */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The file name of a Content-Disposition header (filename*=UTF-8''… or filename="…"), else null. */
export function filenameFromDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

/**
 * Downloads an authenticated file: fetch with `Authorization: Token <key>` → blob → a file download named
 * after the response's Content-Disposition (else `fallbackName`). Throws DownloadError on a non-OK answer.
 * Returns the file name used.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<string> {
  const token = readToken();
  const res = await fetch(url, { headers: token ? { authorization: `Token ${token}` } : {} });
  if (!res.ok) {
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      body = undefined;
    }
    throw new DownloadError(errorMessageFromBody(body, res.status), res.status);
  }
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, filename);
  return filename;
}
