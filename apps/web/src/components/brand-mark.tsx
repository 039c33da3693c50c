import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { useAgencyInitial, useAgencyName } from '@/lib/brand';

/**
 * The agency's mark and name, linking home: the header of the site, the portal's sidebar and the sign-in page. The
 * mark is the first letter of the agency's name (Settings → Agency).
 */
export function BrandMark({ size = 'md', className }: { size?: 'md' | 'lg'; className?: string }) {
  const brand = useAgencyName();
  const initial = useAgencyInitial();
  return (
    <Link to="/" className={cn('flex items-center gap-2 font-semibold text-fg', size === 'lg' ? 'text-lg' : 'text-base', className)}>
      <span
        aria-hidden
        className={cn('flex items-center justify-center rounded-md bg-brand-600 text-white', size === 'lg' ? 'h-8 w-8' : 'h-7 w-7 text-sm')}
      >
        {initial}
      </span>
      {brand}
    </Link>
  );
}
