import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminContentPage() {
  return <SectionPlaceholder name="Content" />;
}
