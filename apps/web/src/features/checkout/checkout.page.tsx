import { PlaceholderPage } from '@/layout/placeholder-page';

export default function CheckoutPage() {
  return <PlaceholderPage title="Checkout" description="Complete your purchase" />;
}
