import { PlaceholderPage } from '@/layout/placeholder-page';

export default function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact Us"
      description="Questions about plans, packages or your account? Our contact form is coming to this page shortly."
    />
  );
}
