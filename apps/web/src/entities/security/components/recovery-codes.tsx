import { AlertTriangle, Check, Copy, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button, useToast } from '@/components/ui';

export interface RecoveryCodesProps {
  codes: string[];
  /** Whose codes, for the downloaded file (an e-mail address). */
  account: string;
  onDone: () => void;
  doneLabel?: string;
}

/** The text file of recovery codes, one a line, with what they are for. */
export function recoveryCodesFile(codes: string[], account: string, issuedAt = new Date()): string {
  return [
    `Recovery codes for ${account}`,
    `Made ${issuedAt.toISOString().slice(0, 10)}. Each code signs you in once when you cannot use your authenticator app.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/**
 * Recovery codes, shown once (the server keeps only their hashes): copy them or download them as a text file, and
 * say they are saved before going on.
 */
export function RecoveryCodes({ codes, account, onDone, doneLabel = 'Done' }: RecoveryCodesProps) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);
  const [saved, setSaved] = useState(false);
  const checkboxId = useId();

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      toast.success('Recovery codes copied');
    } catch {
      toast.error('Could not copy: select the codes and copy them with Ctrl+C (⌘C), or download them.');
    }
  };

  const download = () => {
    const blob = new Blob([recoveryCodesFile(codes, account)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-fg-muted">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe, like a password manager.
      </p>
      <ul aria-label="Recovery codes" data-testid="recovery-codes" className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border border-border bg-subtle p-4 font-mono text-sm text-fg tabular-nums select-all">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <p className="flex items-start gap-2 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-warning-700">
        <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
        <span>These codes are shown only now. You can make new ones later with a code from your app.</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download aria-hidden className="h-4 w-4" />
          Download
        </Button>
      </div>
      <div className="flex items-start gap-2">
        <input
          id={checkboxId}
          type="checkbox"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="mt-0.5 h-4 w-4 rounded border-border-strong accent-brand-600"
        />
        <label htmlFor={checkboxId} className="text-sm text-fg">
          I have saved my recovery codes
        </label>
      </div>
      <div className="flex justify-end pt-1">
        <Button onClick={onDone} disabled={!saved}>
          {doneLabel}
        </Button>
      </div>
    </div>
  );
}
