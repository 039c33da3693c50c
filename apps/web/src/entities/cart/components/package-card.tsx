import type { TCatalogPackage } from '@agency/contract';
import { Check, Clock, ShieldCheck, ShoppingCart } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Badge, Button, Card, useToast } from '@/components/ui';
import { addToCart } from '@/lib/cart-store';
import { cn } from '@/lib/cn';
import { formatCount, formatUsd } from '@/lib/format';

const UNIT: Record<TCatalogPackage['serviceId'], string> = {
  'ig-followers': 'Instagram followers',
  'tt-followers': 'TikTok followers',
  'yt-subscribers': 'YouTube subscribers',
};

/** "Starter — 1,000 Instagram followers": how a package is named where its card is not around it. */
export function packageLabel(pkg: TCatalogPackage): string {
  return `${pkg.name} (${formatCount(pkg.quantity)} ${UNIT[pkg.serviceId]})`;
}

/** Adds one of the package to the browser's cart; says so in a toast and on the button for a moment. */
export function AddToCartButton({ pkg, className }: { pkg: TCatalogPackage; className?: string }) {
  const { success } = useToast();
  const [added, setAdded] = useState(false);
  useEffect(() => {
    if (!added) return;
    const t = window.setTimeout(() => setAdded(false), 2000);
    return () => window.clearTimeout(t);
  }, [added]);
  return (
    <Button
      className={cn('w-full', className)}
      variant={pkg.popular ? 'primary' : 'secondary'}
      aria-label={`Add to Cart: ${packageLabel(pkg)}`}
      onClick={() => {
        addToCart(pkg.id);
        setAdded(true);
        success(`${packageLabel(pkg)} added to your cart`);
      }}
    >
      {added ? <Check aria-hidden className="h-4 w-4" /> : <ShoppingCart aria-hidden className="h-4 w-4" />}
      {/* Same width either way, so the card does not move. */}
      <span className="inline-grid">
        <span className={cn('col-start-1 row-start-1', added && 'invisible')}>Add to Cart</span>
        <span aria-hidden className={cn('col-start-1 row-start-1', !added && 'invisible')}>
          Added
        </span>
      </span>
    </Button>
  );
}

/** A growth package of the catalogue (client-and-public section 9) with its Add to Cart button. */
export function PackageCard({ pkg, headingLevel = 'h3' }: { pkg: TCatalogPackage; headingLevel?: 'h2' | 'h3' }) {
  const Heading = headingLevel;
  return (
    <Card className={cn('relative flex flex-col p-6', pkg.popular && 'border-2 border-brand-600')} data-testid={`package-${pkg.id}`}>
      {pkg.popular && (
        <Badge tone="primary" className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600 text-white">
          Most Popular
        </Badge>
      )}
      <Heading className="text-lg font-semibold text-fg">{pkg.name}</Heading>
      <p className="text-sm text-fg-muted tabular-nums">
        {formatCount(pkg.quantity)} {UNIT[pkg.serviceId]}
      </p>
      <div className="mt-4 flex flex-wrap items-baseline gap-2">
        <span className="text-3xl font-bold text-fg tabular-nums">{formatUsd(pkg.price)}</span>
        {pkg.originalPrice !== undefined && (
          <>
            <span className="text-sm text-fg-subtle line-through tabular-nums">
              <span className="sr-only">was </span>
              {formatUsd(pkg.originalPrice)}
            </span>
            {pkg.discount !== undefined && <Badge tone="success">{pkg.discount}% off</Badge>}
          </>
        )}
      </div>
      <ul className="mt-4 flex-1 space-y-2 text-sm">
        {pkg.features.map((f) => (
          <li key={f} className="flex gap-2 text-fg">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
            {f}
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-border pt-4 text-xs">
        <div>
          <dt className="flex items-center gap-1 text-fg-muted">
            <Clock aria-hidden className="h-3.5 w-3.5" /> Delivery
          </dt>
          <dd className="mt-0.5 font-medium text-fg">{pkg.deliveryTime}</dd>
        </div>
        <div>
          <dt className="flex items-center gap-1 text-fg-muted">
            <ShieldCheck aria-hidden className="h-3.5 w-3.5" /> Guarantee
          </dt>
          <dd className="mt-0.5 font-medium text-fg">{pkg.guarantee}</dd>
        </div>
      </dl>
      <AddToCartButton pkg={pkg} className="mt-5" />
    </Card>
  );
}
