import { createReadStream } from 'node:fs';
import { UPLOAD_TYPES, type TUploadFileType } from '@agency/contract';

export type UploadFileType = TUploadFileType;

export interface DetectedType {
  fileType: UploadFileType;
  contentType: string;
}

const IMAGE_MIMES = new Set<string>(UPLOAD_TYPES.image.contentTypes);
const VIDEO_MIMES = new Set<string>(UPLOAD_TYPES.video.contentTypes);
const [PDF_MIME] = UPLOAD_TYPES.pdf.contentTypes;
const [DOC_MIME] = UPLOAD_TYPES.doc.contentTypes;
const [DOCX_MIME] = UPLOAD_TYPES.docx.contentTypes;
const [TXT_MIME] = UPLOAD_TYPES.txt.contentTypes;
const [DOC_EXTENSION] = UPLOAD_TYPES.doc.extensions;
const [TXT_EXTENSION] = UPLOAD_TYPES.txt.extensions;

const hasExtension = (names: string[], ext: string) => names.some((n) => n.toLowerCase().endsWith(ext));

/**
 * Valid UTF-8 without NUL bytes (what a plain text file is, for us), and not empty. Read from disk in chunks,
 * so a large file is never held in memory.
 */
async function isPlainTextFile(filePath: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  try {
    for await (const chunk of createReadStream(filePath, { highWaterMark: 64 * 1024 })) {
      const bytes = chunk as Buffer;
      if (bytes.includes(0)) return false;
      size += bytes.length;
      decoder.decode(bytes, { stream: true });
    }
    // A multi-byte sequence cut off at the end is an error too.
    decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) return false;
    throw err;
  }
  return size > 0;
}

/**
 * The type of an upload on disk, from its bytes (never from its name or the browser's content type):
 * png/jpeg/gif/webp images, mp4/webm/mov videos (a post's media), pdf, doc (an OLE compound file named .doc), docx, and txt (no magic number:
 * valid UTF-8 without NUL bytes, named .txt). Undefined for anything else, e.g. an executable renamed photo.png.
 * The magic numbers are read from the head of the file (as far as the format needs), not the whole file.
 */
export async function detectUploadType(filePath: string, names: string[]): Promise<DetectedType | undefined> {
  // Loaded by the first upload, not at start.
  const { FileTypeParser } = await import('file-type');
  const detected = await new FileTypeParser().fromFile(filePath);
  if (detected) {
    if (IMAGE_MIMES.has(detected.mime)) return { fileType: 'image', contentType: detected.mime };
    if (VIDEO_MIMES.has(detected.mime)) return { fileType: 'video', contentType: detected.mime };
    if (detected.mime === PDF_MIME) return { fileType: 'pdf', contentType: PDF_MIME };
    if (detected.ext === 'docx') return { fileType: 'docx', contentType: DOCX_MIME };
    // Word 97-2003 documents are OLE compound files; so are .msi installers, hence the name must say .doc.
    if (detected.ext === 'cfb' && hasExtension(names, DOC_EXTENSION)) return { fileType: 'doc', contentType: DOC_MIME };
    return undefined;
  }
  if (hasExtension(names, TXT_EXTENSION) && (await isPlainTextFile(filePath))) {
    return { fileType: 'txt', contentType: `${TXT_MIME}; charset=utf-8` };
  }
  return undefined;
}

/**
 * Characters that never belong in a file name: C0 and C1 controls and DEL, the bidirectional overrides, embeddings
 * and isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E, U+200F, U+061C) that make "photo\u202Egnp.exe"
 * show as "photoexe.png", and the line and paragraph separators.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

/** A display name safe to store and show: no folders, no control or bidi characters, at most 255 characters. */
export function sanitizeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(UNSAFE_NAME_CHARS, '').replace(/^\.+/, '').trim().slice(0, 255);
  return clean || fallback;
}

/** Content-Disposition for a download: an ASCII fallback plus the RFC 5987 UTF-8 name. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
