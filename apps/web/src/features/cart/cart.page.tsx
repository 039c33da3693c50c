import { cartCount } from '@agency/contract';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { PlaceholderPage } from '@/layout/placeholder-page';
import { CART_CHANGED_EVENT, readCart } from './lib/cart-storage';

function subscribe(cb: () => void) {
  window.addEventListener('storage', cb);
  window.addEventListener(CART_CHANGED_EVENT, cb);
  return () => {
    window.removeEventListener('storage', cb);
    window.removeEventListener(CART_CHANGED_EVENT, cb);
  };
}

export default function CartPage() {
  const count = useSyncExternalStore(subscribe, () => cartCount(readCart()), () => 0);
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
