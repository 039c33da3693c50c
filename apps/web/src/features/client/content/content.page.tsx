import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function ClientContentPage() {
  return <SectionPlaceholder name="Content" />;
}
