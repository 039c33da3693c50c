import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminPerformancePage() {
  return <SectionPlaceholder name="Performance" />;
}
