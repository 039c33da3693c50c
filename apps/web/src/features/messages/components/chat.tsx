import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_ACCEPT, type TMessage } from '@agency/contract';
import { Check, CheckCheck, FileText, Paperclip, Send, X } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/format';
import { formatFileSize, UPLOAD_WRONG_TYPE, uploadProblem } from '@/lib/upload';
import { Button } from '@/components/ui';

/*
 * Chat building blocks shared by the admin and the client Messages screens: a message bubble (own on the right,
 * read tick on own read messages, attachment chip) and a composer (Enter sends, Shift+Enter a new line,
 * one attached file checked for size and type before it is sent).
 */

export const CHAT_MAX_FILE_BYTES = MAX_UPLOAD_BYTES;
export const CHAT_FILE_TOO_LARGE = FILE_TOO_LARGE;
export const CHAT_FILE_WRONG_TYPE = UPLOAD_WRONG_TYPE;
export const CHAT_SEND_FAILED = 'Failed to send message. Please try again.';

/**
 * Why a chosen file cannot be attached (10 MB; the contract's upload types: images, pdf, doc, docx, txt), else null.
 * The file input offers the same list (UPLOAD_ACCEPT); the server checks the content against it again.
 */
export const attachmentProblem = uploadProblem;

export { formatFileSize };

export interface MessageBubbleProps {
  message: TMessage;
  /** Own side: right-aligned, with the read tick. */
  mine: boolean;
  /**
   * Written by the signed-in person ("You" above it); else the sender's name shows, also on the own side (another
   * member of a client's team, another staff member). Defaults to `mine`.
   */
  byMe?: boolean;
  /** Show the sender's name above the text (e.g. several staff members in one thread). */
  showSender?: boolean;
  onDownload?: (attachment: NonNullable<TMessage['attachment']>) => void;
  /** Id of the attachment being downloaded (its chip shows a busy state). */
  downloadingId?: number | null;
}

export function MessageBubble({ message, mine, byMe = mine, showSender = true, onDownload, downloadingId }: MessageBubbleProps) {
  const att = message.attachment;
  return (
    <li className={cn('flex', mine ? 'justify-end' : 'justify-start')} data-testid="message" data-mine={mine || undefined}>
      <div className={cn('flex max-w-[85%] flex-col gap-1 sm:max-w-[75%]', mine ? 'items-end' : 'items-start')}>
        {showSender && <span className="px-1 text-xs font-medium text-fg-muted">{byMe ? 'You' : message.sender_name}</span>}
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
            mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm border border-border bg-subtle text-fg',
          )}
        >
          {message.content && <p>{message.content}</p>}
          {att && (
            <button
              type="button"
              onClick={() => onDownload?.(att)}
              disabled={downloadingId === att.id}
              aria-label={`Download ${att.name}`}
              className={cn(
                'mt-1.5 flex max-w-full items-center gap-2 rounded-md border px-2.5 py-1.5 text-left text-xs font-medium',
                'disabled:opacity-60',
                mine ? 'border-white/30 bg-white/10 text-white hover:bg-white/20' : 'border-border-strong bg-surface text-fg hover:bg-canvas',
              )}
            >
              <FileText aria-hidden className="h-4 w-4 shrink-0" />
              <span className="min-w-0 truncate">{att.name}</span>
              <span className={cn('shrink-0 tabular-nums', mine ? 'text-white/80' : 'text-fg-muted')}>{formatFileSize(att.size)}</span>
            </button>
          )}
        </div>
        <div className="flex items-center gap-1.5 px-1 text-xs text-fg-muted">
          {message.priority && <span className="rounded-full border border-warning-600/30 bg-warning-50 px-1.5 font-medium text-warning-700">Priority</span>}
          <time dateTime={message.timestamp} title={new Date(message.timestamp).toLocaleString()}>
            {formatRelativeTime(message.timestamp)}
          </time>
          {mine &&
            (message.read ? (
              <span className="inline-flex items-center gap-0.5 text-brand-600" data-testid="read-tick">
                <CheckCheck aria-hidden className="h-3.5 w-3.5" />
                <span className="sr-only">Read</span>
              </span>
            ) : (
              <span className="inline-flex items-center text-fg-subtle" data-testid="sent-tick">
                <Check aria-hidden className="h-3.5 w-3.5" />
                <span className="sr-only">Sent</span>
              </span>
            ))}
        </div>
      </div>
    </li>
  );
}

export interface ChatSendInput {
  text: string;
  file: File | null;
}

export interface ChatComposerProps {
  /** Resolves when the message is sent (the composer then clears); a rejection's message is shown. */
  onSend: (input: ChatSendInput) => Promise<void>;
  sending?: boolean;
  placeholder?: string;
  hint?: ReactNode;
  /** Extra controls next to the attach button (e.g. a priority toggle). */
  extra?: ReactNode;
  disabled?: boolean;
  label?: string;
  /** The message box, for a page that moves the focus to it. */
  inputRef?: RefObject<HTMLTextAreaElement>;
}

export function ChatComposer({
  onSend,
  sending = false,
  placeholder = 'Type your message...',
  hint,
  extra,
  disabled = false,
  label = 'Message',
  inputRef,
}: ChatComposerProps) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const ownTextarea = useRef<HTMLTextAreaElement>(null);
  const textarea = inputRef ?? ownTextarea;
  const id = useId();
  const canSend = !disabled && !sending && (text.trim().length > 0 || file !== null);

  const submit = async () => {
    if (!canSend) return;
    setError(null);
    try {
      await onSend({ text: text.trim(), file });
      setText('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      textarea.current?.focus();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : CHAT_SEND_FAILED);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const pick = (chosen: File | undefined) => {
    if (!chosen) return;
    const problem = attachmentProblem(chosen);
    if (problem) {
      setError(problem);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      return;
    }
    setError(null);
    setFile(chosen);
  };

  return (
    <form
      className="space-y-2 border-t border-border p-3 sm:p-4"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {file && (
        <div className="flex max-w-full items-center gap-2 rounded-md border border-border bg-subtle px-2.5 py-1.5 text-xs text-fg sm:w-fit">
          <Paperclip aria-hidden className="h-3.5 w-3.5 shrink-0 text-fg-muted" />
          <span className="min-w-0 truncate font-medium">{file.name}</span>
          <span className="shrink-0 text-fg-muted tabular-nums">{formatFileSize(file.size)}</span>
          <button
            type="button"
            className="ml-auto rounded-sm text-fg-subtle hover:text-fg"
            aria-label={`Remove ${file.name}`}
            onClick={() => {
              setFile(null);
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            <X aria-hidden className="h-3.5 w-3.5" />
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Attach a file"
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <Button
          variant="ghost"
          size="icon"
          aria-label="Attach file"
          title="Attach file (images, PDF, DOC, DOCX, TXT; up to 10 MB)"
          disabled={disabled || sending}
          onClick={() => fileInput.current?.click()}
        >
          <Paperclip aria-hidden className="h-4 w-4" />
        </Button>
        <label htmlFor={`${id}-text`} className="sr-only">
          {label}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          rows={1}
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className={cn(
            'block max-h-40 min-h-10 w-full min-w-0 flex-1 resize-y rounded-md border border-border-strong bg-surface px-3 py-2 text-sm text-fg',
            'placeholder:text-fg-subtle focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/40',
            'disabled:cursor-not-allowed disabled:bg-subtle',
          )}
        />
        <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend} loading={sending}>
          {!sending && <Send aria-hidden className="h-4 w-4" />}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      {(hint || extra) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {hint ? (
            <p id={`${id}-hint`} className="text-xs text-fg-muted">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {extra}
        </div>
      )}
    </form>
  );
}
