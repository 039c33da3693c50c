import { PlaceholderPage } from '@/layout/placeholder-page';

export default function CookiesPage() {
  return (
    <PlaceholderPage
      title="Cookie Policy"
      description="Which cookies and local storage we use and why. The full policy text is being prepared."
    />
  );
}
