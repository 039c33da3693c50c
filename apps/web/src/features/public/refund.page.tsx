import { PlaceholderPage } from '@/layout/placeholder-page';

export default function RefundPage() {
  return (
    <PlaceholderPage
      title="Refund Policy"
      description="All plans come with a 30-day money-back guarantee. The full refund policy is being prepared."
    />
  );
}
