import { CalendarDays, ClipboardCheck, Download, LifeBuoy } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle, ConfirmDialog, useToast } from '@/components/ui';
import { useSendToAdmin } from '@/entities/messages/api/send-to-admin';
import { useClientPermission } from '@/lib/client-permission';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';
import { useInvalidateMessages, useLatestPaidInvoice } from '../../api/messages.queries';
import { REVIEW_REQUEST_MESSAGE } from '../lib/team';

const item =
  'flex w-full items-start gap-3 rounded-lg border border-border p-3 text-left transition-colors hover:bg-subtle disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-transparent';

function Row({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <>
      <span className="rounded-md bg-brand-50 p-2 text-brand-600">{icon}</span>
      <span className="min-w-0">
        <span className="block text-sm font-medium text-fg">{title}</span>
        <span className="block text-xs text-fg-muted">{text}</span>
      </span>
    </>
  );
}

/**
 * Quick Help: calendar, a review request to the team, the latest invoice PDF, contact (PRODUCT.md). A member of the
 * client's team sees the calendar with content access only and the invoice with billing access only. Contact Support
 * is a message to the client's own team (`onContactSupport` takes them to the message box beside it), not the public
 * site's lead form.
 */
export function QuickHelp({ onContactSupport }: { onContactSupport: () => void }) {
  const { reaches } = useClientPermission();
  const showCalendar = reaches('content');
  const showInvoice = reaches('billing');
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const send = useSendToAdmin();
  const invalidate = useInvalidateMessages();
  const { success, error } = useToast();
  const latest = useLatestPaidInvoice({ enabled: showInvoice });
  const invoice = latest.data?.body.results[0];

  const requestReview = async () => {
    try {
      await send.mutateAsync({ body: { content: REVIEW_REQUEST_MESSAGE } });
      setConfirmOpen(false);
      success('Review request sent to your team');
      await invalidate();
    } catch {
      error('Failed to send message. Please try again.');
    }
  };

  const download = async () => {
    if (!invoice) return;
    setDownloading(true);
    try {
      await downloadFile(`/api/invoices/${invoice.id}/pdf/`, `${invoice.invoice_number}.pdf`);
    } catch (err) {
      error(errorMessage(err, 'Download failed'));
    } finally {
      setDownloading(false);
    }
  };

  const downloadText = latest.isPending
    ? 'Looking for your latest invoice...'
    : invoice
      ? `Latest invoice ${invoice.invoice_number} (PDF)`
      : latest.isError
        ? 'Invoices could not be loaded'
        : 'No paid invoice to download yet';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Quick Help</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {showCalendar && (
          <Link to={{ pathname: '/dashboard', hash: '#content' }} className={item}>
            <Row icon={<CalendarDays aria-hidden className="h-4 w-4" />} title="View Calendar" text="See your scheduled content" />
          </Link>
        )}
        <button type="button" className={item} onClick={() => setConfirmOpen(true)}>
          <Row icon={<ClipboardCheck aria-hidden className="h-4 w-4" />} title="Schedule Review" text="Ask the team for an account review" />
        </button>
        {showInvoice && (
          <button type="button" className={item} onClick={() => void download()} disabled={!invoice || downloading} aria-busy={downloading || undefined}>
            <Row icon={<Download aria-hidden className="h-4 w-4" />} title="Download" text={downloading ? 'Downloading...' : downloadText} />
          </button>
        )}
        <button type="button" className={item} onClick={onContactSupport}>
          <Row icon={<LifeBuoy aria-hidden className="h-4 w-4" />} title="Contact Support" text="Write to your team here" />
        </button>
      </CardContent>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Schedule Review"
        message={`We will send your team this message: "${REVIEW_REQUEST_MESSAGE}".`}
        confirmLabel="Send Request"
        destructive={false}
        loading={send.isPending}
        onConfirm={() => void requestReview()}
      />
    </Card>
  );
}
