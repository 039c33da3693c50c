import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminMessagesPage() {
  return <SectionPlaceholder name="Messages" />;
}
