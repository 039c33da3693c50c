import { GUARANTEE_DAYS } from '@agency/contract';
import { Link } from 'react-router-dom';
import { DocumentPage } from './public-parts';

export default function RefundPage() {
  return (
    <DocumentPage
      title="Refund Policy"
      updated="November 2026"
      metaDescription={`Every plan comes with a ${GUARANTEE_DAYS}-day money-back guarantee. How to ask for a refund and how cancellation works.`}
    >
      <p>
        We want you to be happy with your growth. That is why every plan comes with a {GUARANTEE_DAYS}-day money-back guarantee.
      </p>
      <h2>{GUARANTEE_DAYS}-day money-back guarantee</h2>
      <p>
        If you are not satisfied, ask for a refund within {GUARANTEE_DAYS} days of your first payment for a plan and we refund
        that payment in full. No setup fees are ever charged, so there is nothing to hold back.
      </p>
      <h2>How to ask for a refund</h2>
      <ul>
        <li>
          Send us a message through the <Link to="/contact">contact form</Link> with the Support inquiry type, or message the
          team from your dashboard.
        </li>
        <li>Tell us the email address of your account; a reason helps us improve but is not required.</li>
        <li>We answer support requests within 24 hours. Refunds go back to the card you paid with.</li>
      </ul>
      <h2>After the first {GUARANTEE_DAYS} days</h2>
      <p>
        Plans are billed monthly and auto-renew. You can cancel anytime: your plan stays active until the end of the period
        you have paid for and is not charged again. Payments for periods already started are not refunded after the guarantee
        period.
      </p>
      <h2>Packages</h2>
      <p>
        Growth packages come with the refill guarantee shown on each package (60, 90 or 120 days). If your numbers drop during
        that time, we top them up free of charge.
      </p>
    </DocumentPage>
  );
}
