import { CONTENT_PLATFORM_LABELS, lineTotal, ORDER_MAX_QUANTITY, PACKAGE_CATALOG, PACKAGE_SERVICE_PLATFORMS, type TPackageServiceId } from '@agency/contract';
import { Minus, Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui';
import { removeFromCart, setCartQuantity, type TCartItem } from '@/lib/cart-store';
import { formatCount, formatUsdCents } from '@/lib/format';

export function platformName(serviceId: string): string {
  const platform = PACKAGE_SERVICE_PLATFORMS[serviceId as TPackageServiceId];
  return platform ? CONTENT_PLATFORM_LABELS[platform] : serviceId;
}

/** One cart line: package, platform, quantity stepper (down to 0 removes it), remove, and its total. */
export function CartLine({ item }: { item: TCartItem }) {
  const pkg = PACKAGE_CATALOG.find((p) => p.id === item.packageId);
  const label = `${platformName(item.serviceId)} ${item.name}`;
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="cart-line">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-fg">{item.name}</p>
        <p className="text-sm text-fg-muted">
          {platformName(item.serviceId)}
          {pkg && <> · {formatCount(pkg.quantity)} {item.serviceId === 'yt-subscribers' ? 'subscribers' : 'followers'}</>} ·{' '}
          {formatUsdCents(item.price)} each
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${label}`}>
          <Button
            variant="secondary"
            size="icon"
            aria-label={`Decrease quantity of ${label}`}
            onClick={() => setCartQuantity(item.id, item.quantity - 1)}
          >
            <Minus aria-hidden className="h-4 w-4" />
          </Button>
          <output aria-live="polite" aria-label={`Quantity of ${label}`} className="w-10 text-center font-medium text-fg tabular-nums">
            {item.quantity}
          </output>
          <Button
            variant="secondary"
            size="icon"
            aria-label={`Increase quantity of ${label}`}
            disabled={item.quantity >= ORDER_MAX_QUANTITY}
            onClick={() => setCartQuantity(item.id, item.quantity + 1)}
          >
            <Plus aria-hidden className="h-4 w-4" />
          </Button>
        </div>
        <p className="w-24 text-right font-semibold text-fg tabular-nums" data-testid="line-total">
          {formatUsdCents(lineTotal(item))}
        </p>
        <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => removeFromCart(item.id)}>
          <Trash2 aria-hidden className="h-4 w-4" />
        </Button>
      </div>
    </li>
  );
}
