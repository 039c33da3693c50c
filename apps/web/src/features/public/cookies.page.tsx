import { Link } from 'react-router-dom';
import { useAgencyName } from '@/lib/brand';
import { DocumentPage } from './public-parts';

export default function CookiesPage() {
  const brand = useAgencyName();
  return (
    <DocumentPage
      title="Cookie Policy"
      updated="November 2026"
      metaDescription={`Which cookies and browser storage ${brand} uses: your sign-in, your cart and your pricing choices. No advertising trackers.`}
    >
      <p>
        {brand} keeps the amount of information stored in your browser to what the site needs to work. We do not use
        advertising or cross-site tracking cookies.
      </p>
      <h2>What we store in your browser</h2>
      <ul>
        <li>
          <strong>Your sign-in:</strong> when you sign in, a session token and your basic profile are kept in your
          browser&apos;s local storage so you stay signed in. They are removed when you sign out.
        </li>
        <li>
          <strong>Your cart:</strong> the cart is kept in the browser&apos;s localStorage until you check out or clear your
          cart. It never leaves your device until you place an order.
        </li>
        <li>
          <strong>Your pricing choice:</strong> the platform tab you last chose on the pricing page, so it is still selected
          when you come back.
        </li>
      </ul>
      <h2>Payment provider</h2>
      <p>
        When you pay, our payment provider may set its own cookies to process the payment securely and prevent fraud. These are
        governed by the provider&apos;s own policy.
      </p>
      <h2>How to remove them</h2>
      <p>
        You can clear cookies and local storage at any time in your browser settings. You will be signed out and your cart will
        be emptied. Read more in our <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </DocumentPage>
  );
}
