import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function ClientBillingPage() {
  return <SectionPlaceholder name="Billing" />;
}
