import { ArrowRight, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, ConfirmDialog } from '@/components/ui';
import { OrderSummaryRows } from '@/entities/cart/components/order-summary';
import { clearCartPromo, totalsWithPromo, useCartPromo } from '@/lib/cart-promo';
import { clearCart, useCart } from '@/lib/cart-store';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CartLine } from './components/cart-line';
import { CartSuggestions } from './components/cart-suggestions';
import { PromoCodeForm } from './components/promo-code-form';

/** Where Browse All Services and Continue Shopping go (client-and-public 2.10). */
const SHOP_PATH = '/pricing';

/** The cart (client-and-public 2.10): empty with three suggested packages, or lines, summary and a promo code. */
export default function CartPage() {
  const items = useCart();
  const promo = useCartPromo();
  useDocumentTitle('Cart');

  if (items.length === 0) {
    return (
      <section className="mx-auto max-w-5xl px-4 py-12 sm:py-16">
        <div className="text-center">
          <ShoppingCart aria-hidden className="mx-auto h-12 w-12 text-fg-subtle" />
          <h1 className="mt-4 text-3xl font-semibold text-fg">Your Cart is Empty</h1>
          <p className="mt-2 text-fg-muted">Start with one of our most popular growth packages.</p>
        </div>
        <h2 className="sr-only">Popular packages</h2>
        <div className="mt-10">
          <CartSuggestions />
        </div>
        <div className="mt-10 text-center">
          <Button asChild variant="secondary" size="lg">
            <Link to={SHOP_PATH}>Browse All Services</Link>
          </Button>
        </div>
      </section>
    );
  }

  const totals = totalsWithPromo(items, promo);
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold text-fg">Shopping Cart</h1>
        <ClearCartButton />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="h-fit px-4 sm:px-6 lg:col-span-2">
          <h2 className="sr-only">Items</h2>
          <ul className="divide-y divide-border">
            {items.map((item) => (
              <CartLine key={item.id} item={item} />
            ))}
          </ul>
        </Card>
        <Card className="h-fit min-w-0 space-y-5 p-5 sm:p-6">
          <h2 className="text-lg font-semibold text-fg">Order Summary</h2>
          <OrderSummaryRows totals={totals} promoCode={promo?.code} />
          <PromoCodeForm subtotal={totals.subtotal} applied={promo} />
          <ProceedButton />
          <Button asChild variant="ghost" className="w-full">
            <Link to={SHOP_PATH}>Continue Shopping</Link>
          </Button>
        </Card>
      </div>
    </section>
  );
}

function ProceedButton() {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/checkout">
        Proceed to Checkout
        <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </Button>
  );
}

function ClearCartButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden className="h-4 w-4" />
        Clear Cart
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Clear your cart?"
        message="Every item and the promo code will be removed from your cart."
        confirmLabel="Clear Cart"
        onConfirm={() => {
          clearCart();
          clearCartPromo();
          setOpen(false);
        }}
      />
    </>
  );
}
