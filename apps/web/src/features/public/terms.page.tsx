import { PlaceholderPage } from '@/layout/placeholder-page';

export default function TermsPage() {
  return (
    <PlaceholderPage
      title="Terms of Service"
      description="Monthly billing cycle, auto-renewal and cancel anytime. The full terms are being prepared."
    />
  );
}
