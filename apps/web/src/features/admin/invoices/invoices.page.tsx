import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminInvoicesPage() {
  return <SectionPlaceholder name="Invoices" />;
}
