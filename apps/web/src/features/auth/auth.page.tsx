import { DEFAULT_CATALOGUE, findPlan, parseBillingCycle } from '@agency/contract';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Card } from '@/components/ui';
import { BrandMark } from '@/components/brand-mark';
import { formatUsd } from '@/lib/format';
import { returnPathAfterSignIn } from '@/lib/return-to';
import { useDocumentTitle } from '@/lib/use-document-title';
import { LoginForm } from './components/login-form';
import { SignupForm } from './components/signup-form';

/**
 * The plan a visitor is on the way to buy (Get Started sends them to checkout, which sends a guest here with
 * ?redirect=/checkout?plan=…): named above the form so the choice is visibly kept through sign-up or sign-in.
 */
function chosenPlanNote(returnPath: string): string | null {
  const url = new URL(returnPath, 'http://plan.invalid');
  if (url.pathname !== '/checkout') return null;
  const plan = findPlan(DEFAULT_CATALOGUE.plans, url.searchParams.get('plan') ?? '');
  if (!plan) return null;
  const annual = parseBillingCycle(url.searchParams.get('billing')) === 'annual';
  return `${plan.name} plan, ${formatUsd(annual ? plan.annual : plan.monthly)}/${annual ? 'year' : 'month'}: you go on to checkout next.`;
}

/** /auth (client-and-public 2.9): sign-in by default (?mode=signup: create-account), toggled by a link. */
export default function AuthPage() {
  const location = useLocation();
  const [mode, setMode] = useState<'login' | 'signup'>(() => (new URLSearchParams(location.search).get('mode') === 'signup' ? 'signup' : 'login'));
  const navigate = useNavigate();
  const planNote = chosenPlanNote(returnPathAfterSignIn(location));
  const isLogin = mode === 'login';
  useDocumentTitle(isLogin ? 'Sign In' : 'Create Account', 'Sign in to your agency portal or create an account.');
  // Back to the page that sent the guest here (e.g. /dashboard#invoices), else the dashboard.
  const done = () => navigate(returnPathAfterSignIn(location), { replace: true });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-canvas px-4 py-10">
      <BrandMark size="lg" className="mb-8" />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold text-fg">{isLogin ? 'Sign in to your account' : 'Create your account'}</h1>
        <p className="mt-1 mb-6 text-sm text-fg-muted">
          {isLogin ? "Don't have an account? " : 'Already have an account? '}
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => setMode(isLogin ? 'signup' : 'login')}
          >
            {isLogin ? 'Sign up' : 'Sign in'}
          </button>
        </p>
        {planNote && (
          <p className="mb-5 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-fg" data-testid="chosen-plan">
            {planNote}
          </p>
        )}
        {isLogin ? <LoginForm onSuccess={done} /> : <SignupForm onSuccess={done} />}
      </Card>
    </main>
  );
}
