import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { PlaceholderPage } from '@/layout/placeholder-page';
import { useCartCount } from '@/lib/cart-store';

export default function CartPage() {
  const count = useCartCount();
  const empty = count === 0;
  return (
    <PlaceholderPage
      title={empty ? 'Your Cart is Empty' : 'Shopping Cart'}
      description={
        empty
          ? 'Browse our growth packages for Instagram, TikTok and YouTube.'
          : `You have ${count} item${count === 1 ? '' : 's'} in your cart. The full cart with order summary is on its way.`
      }
    >
      <Button asChild variant="secondary">
        <Link to="/pricing">Browse All Services</Link>
      </Button>
    </PlaceholderPage>
  );
}
