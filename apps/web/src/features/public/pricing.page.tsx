import { PlaceholderPage } from '@/layout/placeholder-page';

export default function PricingPage() {
  return (
    <PlaceholderPage
      title="Pricing"
      description="Monthly growth plans for Instagram, TikTok and YouTube with a 30-day money-back guarantee. The full plan comparison is on its way."
    />
  );
}
