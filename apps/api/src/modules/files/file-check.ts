import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_TYPES, type TUploadFileType } from '@agency/contract';

export type UploadFileType = TUploadFileType;

export interface DetectedType {
  fileType: UploadFileType;
  contentType: string;
}

const IMAGE_MIMES = new Set<string>(UPLOAD_TYPES.image.contentTypes);
const [PDF_MIME] = UPLOAD_TYPES.pdf.contentTypes;
const [DOC_MIME] = UPLOAD_TYPES.doc.contentTypes;
const [DOCX_MIME] = UPLOAD_TYPES.docx.contentTypes;
const [TXT_MIME] = UPLOAD_TYPES.txt.contentTypes;
const [DOC_EXTENSION] = UPLOAD_TYPES.doc.extensions;
const [TXT_EXTENSION] = UPLOAD_TYPES.txt.extensions;

const hasExtension = (names: string[], ext: string) => names.some((n) => n.toLowerCase().endsWith(ext));

/** Valid UTF-8 without NUL bytes (what a plain text file is, for us). */
function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The type of an upload, from its bytes (never from its name or the browser's content type):
 * png/jpeg/gif/webp images, pdf, doc (an OLE compound file named .doc), docx, and txt (no magic number:
 * valid UTF-8 without NUL bytes, named .txt). Undefined for anything else, e.g. an executable renamed photo.png.
 */
export async function detectUploadType(bytes: Buffer, names: string[]): Promise<DetectedType | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) {
    if (IMAGE_MIMES.has(detected.mime)) return { fileType: 'image', contentType: detected.mime };
    if (detected.mime === PDF_MIME) return { fileType: 'pdf', contentType: PDF_MIME };
    if (detected.ext === 'docx') return { fileType: 'docx', contentType: DOCX_MIME };
    // Word 97-2003 documents are OLE compound files; so are .msi installers, hence the name must say .doc.
    if (detected.ext === 'cfb' && hasExtension(names, DOC_EXTENSION)) return { fileType: 'doc', contentType: DOC_MIME };
    return undefined;
  }
  if (bytes.length > 0 && hasExtension(names, TXT_EXTENSION) && isPlainText(bytes)) {
    return { fileType: 'txt', contentType: `${TXT_MIME}; charset=utf-8` };
  }
  return undefined;
}

/** A display name safe to store and show: no folders, no control characters, at most 255 characters. */
export function sanitizeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(/^\.+/, '').trim().slice(0, 255);
  return clean || fallback;
}

/** Content-Disposition for a download: an ASCII fallback plus the RFC 5987 UTF-8 name. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
