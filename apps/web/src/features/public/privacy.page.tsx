import { PlaceholderPage } from '@/layout/placeholder-page';

export default function PrivacyPage() {
  return (
    <PlaceholderPage
      title="Privacy Policy"
      description="How we collect, use and protect your data. The full policy text is being prepared."
    />
  );
}
