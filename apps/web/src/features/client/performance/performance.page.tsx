import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function ClientPerformancePage() {
  return <SectionPlaceholder name="Performance" />;
}
