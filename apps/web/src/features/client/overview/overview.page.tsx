import { useAuth } from '@/lib/auth';
import { displayName } from '@/lib/format';
import { AccessDenied } from '@/layout/access-denied';
import { SectionPlaceholder } from '@/layout/section-placeholder';
import { NextPaymentBanner } from './components/next-payment-banner';
import { PaymentHistoryCard } from './components/payment-history';

export default function ClientOverviewPage() {
  const { user } = useAuth();
  if (user?.role !== 'client') {
    return <AccessDenied message="This page is only available for client accounts." />;
  }
  const firstName = user.first_name || displayName(user).split(' ')[0];
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-fg">Welcome back, {firstName}</h2>
        <p className="mt-1 text-sm text-fg-muted">Your growth at a glance.</p>
      </div>
      <NextPaymentBanner />
      <PaymentHistoryCard />
      <SectionPlaceholder name="Your dashboard" />
    </div>
  );
}
