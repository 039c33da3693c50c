import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminClientsPage() {
  return <SectionPlaceholder name="Clients" />;
}
