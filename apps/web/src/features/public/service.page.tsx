import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { PlaceholderPage } from '@/layout/placeholder-page';

const SERVICES = {
  instagram: {
    title: 'Instagram Growth',
    description: 'Grow real, engaged Instagram followers with organic, platform-compliant methods.',
  },
  tiktok: {
    title: 'TikTok Growth',
    description: 'Reach more viewers and followers on TikTok with content strategy and organic growth.',
  },
  youtube: {
    title: 'YouTube Growth',
    description: 'Grow subscribers and watch time on YouTube with a strategy built around your channel.',
  },
} as const;

export type TServicePlatform = keyof typeof SERVICES;

export function ServicePage({ platform }: { platform: TServicePlatform }) {
  const s = SERVICES[platform];
  return (
    <PlaceholderPage title={s.title} description={s.description}>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/auth">Start Growing Now</Link>
        </Button>
        <Button asChild variant="secondary">
          <Link to="/pricing">View Pricing</Link>
        </Button>
      </div>
    </PlaceholderPage>
  );
}

export function InstagramServicePage() {
  return <ServicePage platform="instagram" />;
}
export function TikTokServicePage() {
  return <ServicePage platform="tiktok" />;
}
export function YouTubeServicePage() {
  return <ServicePage platform="youtube" />;
}
