import { CONTENT_MEDIA_ACCEPT, FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_TYPES } from '@agency/contract';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button, Spinner } from '@/components/ui';
import { uploadFile } from '@/lib/upload';
import { PostMedia, type TPostMediaSource } from './post-media';

/** The media of a form: the uploaded file's id (what the API takes as media_file) and what the preview shows. */
export interface TMediaValue {
  fileId: number;
  name: string;
  preview: TPostMediaSource;
}

export const MEDIA_WRONG_TYPE = 'Choose an image (PNG, JPEG, GIF, WebP) or a video (MP4, WebM, MOV)';
const MEDIA_TYPES: readonly string[] = [...UPLOAD_TYPES.image.contentTypes, ...UPLOAD_TYPES.video.contentTypes];
const MEDIA_EXTENSIONS: readonly string[] = [...UPLOAD_TYPES.image.extensions, ...UPLOAD_TYPES.video.extensions];

/** Why a chosen file cannot be a post's media (size, type), else null; the server checks the bytes again. */
export function mediaProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  const ext = file.name.includes('.') ? `.${file.name.split('.').pop()!.toLowerCase()}` : '';
  return MEDIA_TYPES.includes(file.type) || MEDIA_EXTENSIONS.includes(ext) ? null : MEDIA_WRONG_TYPE;
}

/**
 * "Image or video" of the content forms: upload (POST /api/files/, filed under the post's client), a preview of what
 * was chosen, Replace and Remove. `clientId` is the post's client for staff (upload waits until one is chosen);
 * a client user's uploads are filed under its own client.
 */
export function MediaField({
  value,
  onChange,
  clientId,
  needsClient = false,
  error,
}: {
  value: TMediaValue | null;
  onChange: (value: TMediaValue | null) => void;
  clientId?: number | undefined;
  /** Staff: the client must be chosen first (the media belongs to it). */
  needsClient?: boolean;
  error?: string | undefined;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [localUrl, setLocalUrl] = useState<string | null>(null);
  useEffect(() => () => {
    if (localUrl) URL.revokeObjectURL(localUrl);
  }, [localUrl]);

  const blocked = needsClient && !clientId;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const why = mediaProblem(file);
    setProblem(why);
    if (why) return;
    setUploading(true);
    try {
      const stored = await uploadFile(file, clientId);
      const url = URL.createObjectURL(file);
      setLocalUrl(url);
      onChange({ fileId: stored.id, name: stored.name, preview: { kind: stored.file_type === 'video' ? 'video' : 'image', url } });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'The file could not be uploaded');
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const shown = problem ?? error;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-fg">
        Image or video<span className="ml-1 font-normal text-fg-subtle">(optional)</span>
      </label>
      {value && (
        <div className="overflow-hidden rounded-md border border-border" data-testid="media-preview">
          <PostMedia media={value.preview} fit="contain" className="max-h-56" alt={`Preview of ${value.name}`} />
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={CONTENT_MEDIA_ACCEPT}
          className="sr-only"
          disabled={uploading || blocked}
          aria-describedby={[hintId, shown ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={shown ? true : undefined}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button type="button" size="sm" variant="secondary" disabled={uploading || blocked} onClick={() => input.current?.click()}>
          {uploading ? <Spinner size="sm" className="text-current" label={null} /> : <ImagePlus aria-hidden className="h-4 w-4" />}
          {uploading ? 'Uploading…' : value ? 'Replace' : 'Upload image or video'}
        </Button>
        {value && !uploading && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(null)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Remove<span className="sr-only"> {value.name}</span>
          </Button>
        )}
        {value && <span className="min-w-0 truncate text-xs text-fg-muted">{value.name}</span>}
      </div>
      <p id={hintId} className="text-xs text-fg-muted">
        {blocked ? 'Choose the client first; the media is filed under it.' : 'PNG, JPEG, GIF, WebP, MP4, WebM or MOV, up to 10 MB.'}
      </p>
      {shown && (
        <p id={errorId} role="alert" className="text-sm text-danger-700">
          {shown}
        </p>
      )}
    </div>
  );
}

/** A post's current media as the form's starting value. */
export function mediaValueOf(media: { id: number; name: string; kind: TPostMediaSource['kind']; url: string } | null): TMediaValue | null {
  return media ? { fileId: media.id, name: media.name, preview: { kind: media.kind, url: media.url } } : null;
}
