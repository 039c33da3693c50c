import { AlertTriangle, Check, Copy } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { Button, useToast } from '@/components/ui';

export interface SecretShownOnceProps {
  /** The secret itself (an API key, a webhook signing secret). */
  secret: string;
  /** Its caption, e.g. "Your API key". */
  label: string;
  /** What it is in the toasts, e.g. "API key" ("API key copied", "the API key is selected"). */
  noun: string;
  /** The warning that it will not be shown again. */
  warning: string;
  /** data-testid of the secret's text. */
  testId: string;
  /** How to use it (under the warning). */
  children?: ReactNode;
  onDone: () => void;
}

/**
 * A secret the API returns once: shown whole, with Copy (the clipboard; when that is refused the secret is selected
 * for copying by hand) and Done. Whoever renders it forgets the secret on Done.
 */
export function SecretShownOnce({ secret, label, noun, warning, testId, children, onDone }: SecretShownOnceProps) {
  const toast = useToast();
  const secretRef = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);

  const selectSecret = () => {
    const node = secretRef.current;
    const selection = window.getSelection();
    if (!node || !selection) return;
    const range = document.createRange();
    range.selectNodeContents(node);
    selection.removeAllRanges();
    selection.addRange(range);
  };

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(`${noun} copied`);
    } catch {
      selectSecret();
      toast.error(`Could not copy: the ${noun.toLowerCase()} is selected, copy it with Ctrl+C (⌘C).`);
    }
  };

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-border bg-subtle p-3">
        <p className="mb-2 text-xs font-medium text-fg-muted">{label}</p>
        <code ref={secretRef} data-testid={testId} className="block font-mono text-sm break-all text-fg select-all">
          {secret}
        </code>
      </div>
      <p className="flex items-start gap-2 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>{warning}</span>
      </p>
      {children && <div className="text-sm text-fg-muted">{children}</div>}
      <div className="flex flex-wrap justify-end gap-2 pt-2">
        <Button variant="secondary" onClick={() => void copy()} autoFocus>
          {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
