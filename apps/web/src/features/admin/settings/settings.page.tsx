import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminSettingsPage() {
  return <SectionPlaceholder name="Settings" />;
}
