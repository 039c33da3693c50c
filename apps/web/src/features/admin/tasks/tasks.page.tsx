import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminTasksPage() {
  return <SectionPlaceholder name="Tasks" />;
}
