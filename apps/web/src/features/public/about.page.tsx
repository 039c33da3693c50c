import { PlaceholderPage } from '@/layout/placeholder-page';

export default function AboutPage() {
  return (
    <PlaceholderPage
      title="About Us"
      description="We are a social media growth agency helping creators and businesses grow real, engaged audiences."
    />
  );
}
