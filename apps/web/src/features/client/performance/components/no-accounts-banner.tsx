import { Link2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';

/** Shown while no account is connected: the connect dialog lives on the Overview section. */
export function NoAccountsBanner() {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl border border-info-600/30 bg-info-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <Link2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-info-600" />
        <div>
          <p className="font-medium text-fg">No social media accounts connected</p>
          <p className="text-sm text-fg-muted">Connect Instagram, YouTube or TikTok to start tracking your followers, engagement and reach.</p>
        </div>
      </div>
      <Button asChild size="sm">
        <Link to={{ pathname: '/dashboard', hash: 'overview' }}>Connect Account</Link>
      </Button>
    </div>
  );
}
