import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function ClientMessagesPage() {
  return <SectionPlaceholder name="Messages" />;
}
