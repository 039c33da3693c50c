import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Spinner } from '@/components/ui';
import { useDocumentTitle } from '@/lib/use-document-title';

/** Reads ?status= (client-and-public 2.10): succeeded / failed; anything else stays on loading. */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const status = params.get('status');
  useDocumentTitle('Order Confirmation');

  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-20">
      <Card className="w-full p-8 text-center">
        {status === 'succeeded' ? (
          <>
            <CheckCircle2 aria-hidden className="mx-auto h-14 w-14 text-success-600" />
            <h1 className="mt-4 text-2xl font-semibold text-fg">Payment Successful!</h1>
            <p className="mt-2 text-fg-muted">
              Thank you for your subscription. Your account has been successfully activated.
            </p>
            <Button asChild className="mt-8">
              <Link to="/dashboard">Go to Dashboard</Link>
            </Button>
          </>
        ) : status === 'failed' ? (
          <>
            <XCircle aria-hidden className="mx-auto h-14 w-14 text-danger-600" />
            <h1 className="mt-4 text-2xl font-semibold text-fg">Payment Failed</h1>
            <p className="mt-2 text-fg-muted">
              We were unable to process your payment. Please try again or contact support.
            </p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              <Button asChild>
                <Link to="/dashboard#billing">Try Again</Link>
              </Button>
              <Button asChild variant="secondary">
                <Link to="/contact">Contact Support</Link>
              </Button>
            </div>
          </>
        ) : (
          // A status that holds the heading: role="status" on the h1 itself would take its heading role away.
          <div role="status" className="flex flex-col items-center gap-4 py-6">
            <Spinner size="lg" label={null} />
            <h1 className="text-lg font-medium text-fg">Processing payment...</h1>
          </div>
        )}
      </Card>
    </section>
  );
}
