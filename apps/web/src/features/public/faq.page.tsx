import { PlaceholderPage } from '@/layout/placeholder-page';

export default function FaqPage() {
  return (
    <PlaceholderPage
      title="Frequently Asked Questions"
      description="Answers about plans, results, pausing and refunds are being written for this page."
    />
  );
}
