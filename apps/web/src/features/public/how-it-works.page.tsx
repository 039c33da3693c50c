import { PlaceholderPage } from '@/layout/placeholder-page';

export default function HowItWorksPage() {
  return (
    <PlaceholderPage
      title="How It Works"
      description="We analyse your account, build a growth strategy, implement it with our team and report on results every month."
    />
  );
}
