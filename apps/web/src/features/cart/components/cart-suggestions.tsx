import { PACKAGE_CATALOG, PACKAGE_SERVICE_PLATFORMS, CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { Check, ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { Button, Card } from '@/components/ui';
import { addToCart } from '@/lib/cart-store';
import { formatCount, formatUsdCents } from '@/lib/format';

/** The empty cart's offer (client-and-public 2.10): the first three catalogue packages, each with Add to Cart. */
export function CartSuggestions() {
  const [added, setAdded] = useState<string | null>(null);
  return (
    <ul className="grid gap-4 sm:grid-cols-3" aria-label="Suggested packages">
      {PACKAGE_CATALOG.slice(0, 3).map((pkg) => (
        <li key={pkg.id}>
          <Card className="flex h-full flex-col p-5">
            <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">
              {CONTENT_PLATFORM_LABELS[PACKAGE_SERVICE_PLATFORMS[pkg.serviceId]]}
            </p>
            <h3 className="mt-1 text-lg font-semibold text-fg">{pkg.name}</h3>
            <p className="text-sm text-fg-muted">{formatCount(pkg.quantity)} followers · {pkg.deliveryTime}</p>
            <p className="mt-3 text-2xl font-semibold text-fg tabular-nums">
              {formatUsdCents(pkg.price)}
              {pkg.originalPrice && (
                <span className="ml-2 text-sm font-normal text-fg-subtle line-through">
                  <span className="sr-only">was </span>
                  {formatUsdCents(pkg.originalPrice)}
                </span>
              )}
            </p>
            <Button
              className="mt-4"
              variant={added === pkg.id ? 'secondary' : 'primary'}
              onClick={() => {
                addToCart(pkg.id);
                setAdded(pkg.id);
              }}
            >
              {added === pkg.id ? <Check aria-hidden className="h-4 w-4" /> : <ShoppingCart aria-hidden className="h-4 w-4" />}
              Add to Cart
              <span className="sr-only"> {pkg.name} {formatCount(pkg.quantity)} followers</span>
            </Button>
          </Card>
        </li>
      ))}
    </ul>
  );
}
