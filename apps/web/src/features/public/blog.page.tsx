import { PlaceholderPage } from '@/layout/placeholder-page';

export default function BlogPage() {
  return (
    <PlaceholderPage
      title="Blog"
      description="Social media tips and insights coming soon"
    />
  );
}
