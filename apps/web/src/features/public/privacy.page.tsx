import { Link } from 'react-router-dom';
import { useAgencyName } from '@/lib/brand';
import { DocumentPage } from './public-parts';

export default function PrivacyPage() {
  const brand = useAgencyName();
  return (
    <DocumentPage
      title="Privacy Policy"
      updated="November 2026"
      metaDescription={`How ${brand} collects, uses and protects your personal data when you browse the site, buy a plan or use your dashboard.`}
    >
      <p>
        This policy explains what personal data {brand} collects when you visit our website, buy a growth plan or package,
        or use your client dashboard, why we collect it, and the choices you have.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account details: your name, email address, company (optional) and password (stored only as a secure hash).</li>
        <li>Contact form messages: name, email, company, subject, message and inquiry type, so we can answer you.</li>
        <li>Connected social accounts: the public profile and performance figures (followers, reach, engagement) of the accounts you connect, used to run and report on your growth.</li>
        <li>Content and messages you create or upload in your dashboard.</li>
        <li>Billing records: your plan, invoices and payment status. Card details are handled by our payment provider and never stored on our servers.</li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To provide the services you buy and show your results in your dashboard.</li>
        <li>To bill you each monthly billing cycle and send invoices.</li>
        <li>To answer messages: sales within 4 hours, support within 24 hours, critical issues within 2 hours and partnership requests within 48 hours.</li>
        <li>To keep the service secure and prevent abuse.</li>
      </ul>
      <p>We do not sell your personal data.</p>
      <h2>Connected accounts</h2>
      <p>
        You can disconnect a social account at any time from your dashboard. Historical data already collected is preserved
        for your reports unless you ask us to delete it.
      </p>
      <h2>Cookies and local storage</h2>
      <p>
        We use a small amount of browser storage to keep you signed in and to remember your cart. See our{' '}
        <Link to="/cookies">Cookie Policy</Link>.
      </p>
      <h2>How long we keep data</h2>
      <p>
        We keep your account data while your account is open. Billing records are kept as long as the law requires. You can
        ask us to delete your account and data at any time.
      </p>
      <h2>Your rights</h2>
      <p>
        You can ask for a copy of your data, ask us to correct or delete it, or object to how we use it. Write to us through
        the <Link to="/contact">contact form</Link> and choose the Support inquiry type.
      </p>
    </DocumentPage>
  );
}
