import { GUARANTEE_DAYS } from '@agency/contract';
import { Link } from 'react-router-dom';
import { useAgencyName } from '@/lib/brand';
import { DocumentPage } from './public-parts';

export default function TermsPage() {
  const brand = useAgencyName();
  return (
    <DocumentPage
      title="Terms of Service"
      updated="November 2026"
      metaDescription={`The terms of ${brand} growth plans and packages: monthly billing, auto-renewal, cancel anytime, ${GUARANTEE_DAYS}-day money-back guarantee.`}
    >
      <p>
        These terms apply when you use the {brand} website, buy a growth plan or package, or use your client dashboard.
        By creating an account or placing an order you agree to them.
      </p>
      <h2>Our services</h2>
      <p>
        We grow social media accounts on Instagram, TikTok and YouTube using organic, platform-compliant methods. We do not
        use bots or fake accounts. Results typically show within 7-14 days but depend on your niche, your content and the
        platforms, so we cannot promise a particular number of followers, views or subscribers.
      </p>
      <h2>Plans and billing</h2>
      <ul>
        <li>Plans are billed on a monthly billing cycle, in US dollars, at the price shown when you subscribe. Annual plans are billed once a year.</li>
        <li>There are no setup fees.</li>
        <li>Plans auto-renew at the end of each billing period until you cancel.</li>
        <li>You can change or pause your plan at any time; the change applies from your next billing period.</li>
        <li>Packages are one-off purchases, delivered gradually over the delivery time shown on each package.</li>
      </ul>
      <h2>Cancellation</h2>
      <p>
        You can cancel anytime from your dashboard or by contacting us. Your plan stays active until the end of the period you
        have paid for and is not renewed after that.
      </p>
      <h2>Money-back guarantee</h2>
      <p>
        Every plan comes with a {GUARANTEE_DAYS}-day money-back guarantee. See our <Link to="/refund">Refund Policy</Link>.
      </p>
      <h2>Your responsibilities</h2>
      <ul>
        <li>Keep your login details safe and your account information accurate.</li>
        <li>Only connect social accounts you own or are allowed to manage.</li>
        <li>Follow the rules of each social platform for the content you post.</li>
      </ul>
      <h2>Support</h2>
      <p>
        Support is available 24/7. We aim to answer sales questions within 4 hours, support requests within 24 hours,
        critical issues within 2 hours and partnership requests within 48 hours.
      </p>
      <h2>Changes to these terms</h2>
      <p>
        We may update these terms. If a change affects your plan, we tell you by email before it takes effect. Questions?{' '}
        <Link to="/contact">Contact us</Link>.
      </p>
    </DocumentPage>
  );
}
