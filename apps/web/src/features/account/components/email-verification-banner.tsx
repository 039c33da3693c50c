import { MailWarning } from 'lucide-react';
import { Button, useToast } from '@/components/ui';
import { useResendEmailVerification } from '@/entities/account';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';

export const RESEND_FAILED = 'The link could not be sent. Check your connection and try again.';

/**
 * Over every dashboard section while the signed-in account's address is not confirmed: where the link went, and
 * Resend. Nothing for a confirmed account. (Payment e-mails reach the address either way.)
 */
export function EmailVerificationBanner() {
  const { user } = useAuth();
  const resend = useResendEmailVerification();
  const toast = useToast();
  if (!user || user.email_verified) return null;

  const send = async () => {
    try {
      toast.success((await resend.mutateAsync({})).body.detail);
    } catch (err) {
      const status = (err as { status?: unknown } | null)?.status;
      toast.error(typeof status === 'number' && status < 500 ? errorMessage(err, RESEND_FAILED) : RESEND_FAILED);
    }
  };

  return (
    <div
      role="note"
      data-testid="email-verification-banner"
      className="mb-4 flex flex-col gap-3 rounded-md border border-warning-600/30 bg-warning-50 px-3 py-2 text-sm text-fg sm:flex-row sm:items-center"
    >
      <MailWarning aria-hidden className="hidden h-4 w-4 shrink-0 text-warning-700 sm:block" />
      <p className="min-w-0 flex-1">
        Please confirm your e-mail address: open the link we sent to <strong className="break-all">{user.email}</strong>.
      </p>
      <Button variant="secondary" size="sm" onClick={() => void send()} loading={resend.isPending} className="self-start sm:self-auto">
        Resend link
      </Button>
    </div>
  );
}
