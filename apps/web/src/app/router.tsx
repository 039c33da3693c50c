import { AUTH_PAGE_PATH, CONFIRM_EMAIL_PAGE_PATH, DASHBOARD_PATH, FORGOT_PASSWORD_PAGE_PATH, INVITE_PAGE_PATH, RESET_PASSWORD_PAGE_PATH, UNDO_EMAIL_CHANGE_PAGE_PATH, REVIEW_PAGE_PATH, SOCIAL_PROVIDERS, oauthCallbackPagePath, oauthSandboxPagePath, type TPublicPagePath } from '@agency/contract';
import { Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, Spinner } from '@/components/ui';
import { PublicLayout } from '@/layout/public-layout';
import { GuestOnly, RequireAuth } from './guards';
import { lazyPage } from './lazy-page';

const HomePage = lazyPage(() => import('@/features/public/home.page'));
const PricingPage = lazyPage(() => import('@/features/public/pricing.page'));
const HowItWorksPage = lazyPage(() => import('@/features/public/how-it-works.page'));
const ContactPage = lazyPage(() => import('@/features/public/contact.page'));
const AboutPage = lazyPage(() => import('@/features/public/about.page'));
const InstagramPage = lazyPage(() => import('@/features/public/service.page').then((m) => ({ default: m.InstagramServicePage })));
const TikTokPage = lazyPage(() => import('@/features/public/service.page').then((m) => ({ default: m.TikTokServicePage })));
const YouTubePage = lazyPage(() => import('@/features/public/service.page').then((m) => ({ default: m.YouTubeServicePage })));
const BlogPage = lazyPage(() => import('@/features/public/blog.page'));
const FaqPage = lazyPage(() => import('@/features/public/faq.page'));
const PrivacyPage = lazyPage(() => import('@/features/public/privacy.page'));
const TermsPage = lazyPage(() => import('@/features/public/terms.page'));
const RefundPage = lazyPage(() => import('@/features/public/refund.page'));
const CookiesPage = lazyPage(() => import('@/features/public/cookies.page'));
const NotFoundPage = lazyPage(() => import('@/features/public/not-found.page'));
const CartPage = lazyPage(() => import('@/features/cart/cart.page'));
const CheckoutPage = lazyPage(() => import('@/features/checkout/checkout.page'));
const OrderConfirmationPage = lazyPage(() => import('@/features/checkout/order-confirmation.page'));
const AuthPage = lazyPage(() => import('@/features/auth/auth.page'));
const DashboardPage = lazyPage(() => import('./dashboard.page'));
const OAuthSandboxPage = lazyPage(() => import('@/features/oauth/sandbox-consent.page'));
const OAuthCallbackPage = lazyPage(() => import('@/features/oauth/oauth-callback.page'));
const ReviewPage = lazyPage(() => import('@/features/review/review.page'));
const InvitePage = lazyPage(() => import('@/features/invite/invite.page'));
const ForgotPasswordPage = lazyPage(() => import('@/features/account/forgot-password.page'));
const ResetPasswordPage = lazyPage(() => import('@/features/account/reset-password.page'));
const ConfirmEmailPage = lazyPage(() => import('@/features/account/confirm-email.page'));
const UndoEmailChangePage = lazyPage(() => import('@/features/account/undo-email-change.page'));

/** The account links' pages (issue 28): public, signed in or not (a link's token in the URL fragment is the key). */
const ACCOUNT_PAGES = [
  [FORGOT_PASSWORD_PAGE_PATH, ForgotPasswordPage],
  [RESET_PASSWORD_PAGE_PATH, ResetPasswordPage],
  [CONFIRM_EMAIL_PAGE_PATH, ConfirmEmailPage],
  [UNDO_EMAIL_CHANGE_PAGE_PATH, UndoEmailChangePage],
] as const;

function PageFallback() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback />}>{children}</Suspense>;
}

/**
 * The public pages, one for each path of the contract's PUBLIC_PAGE_PATHS (a missing or extra path is a type
 * error), so the web and the server's 404 agree on what is a page.
 */
const PUBLIC_PAGES: Record<TPublicPagePath, LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> }> = {
  '/': HomePage,
  '/pricing': PricingPage,
  '/how-it-works': HowItWorksPage,
  '/contact': ContactPage,
  '/about': AboutPage,
  '/services/instagram': InstagramPage,
  '/services/tiktok': TikTokPage,
  '/services/youtube': YouTubePage,
  '/cart': CartPage,
  '/checkout': CheckoutPage,
  '/order-confirmation': OrderConfirmationPage,
  '/blog': BlogPage,
  '/faq': FaqPage,
  '/privacy': PrivacyPage,
  '/terms': TermsPage,
  '/refund': RefundPage,
  '/cookies': CookiesPage,
};

/**
 * Loads the page shown at `pathname` (a public page, else 'Page not found') so it renders at once: before
 * prerendering it and before hydrating its prerendered HTML, which then matches without a loading state.
 */
export function preloadPublicPage(pathname: string): Promise<unknown> {
  const path = pathname.replace(/\/+$/, '').toLowerCase() || '/';
  const page = (PUBLIC_PAGES as Record<string, (typeof PUBLIC_PAGES)[TPublicPagePath]>)[path] ?? NotFoundPage;
  return page.preload();
}

/** The route table of client-and-public 2.1. Every page is its own lazily loaded chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        {Object.entries(PUBLIC_PAGES).map(([path, PageComponent]) => (
          <Route key={path} path={path} element={<Page><PageComponent /></Page>} />
        ))}
        <Route path="*" element={<Page><NotFoundPage /></Page>} />
      </Route>
      <Route
        path={AUTH_PAGE_PATH}
        element={
          <GuestOnly>
            <Suspense fallback={<FullScreenSpinner />}>
              <AuthPage />
            </Suspense>
          </GuestOnly>
        }
      />
      <Route
        path={DASHBOARD_PATH}
        element={
          <RequireAuth>
            <Suspense fallback={<FullScreenSpinner />}>
              <DashboardPage />
            </Suspense>
          </RequireAuth>
        }
      />
      <Route path={`${DASHBOARD_PATH}/*`} element={<Navigate to={DASHBOARD_PATH} replace />} />
      {/* The magic review link's page: public, signed in or not (the token in the URL fragment is the key). */}
      <Route
        path={REVIEW_PAGE_PATH}
        element={
          <Suspense fallback={<FullScreenSpinner />}>
            <ReviewPage />
          </Suspense>
        }
      />
      {/* An invite's one-time sign-in link: public, signed in or not (the token in the URL fragment is the key). */}
      <Route
        path={INVITE_PAGE_PATH}
        element={
          <Suspense fallback={<FullScreenSpinner />}>
            <InvitePage />
          </Suspense>
        }
      />
      {ACCOUNT_PAGES.map(([path, AccountPage]) => (
        <Route key={path} path={path} element={<Suspense fallback={<FullScreenSpinner />}><AccountPage /></Suspense>} />
      ))}
      {/* The OAuth popup's pages (section 4): the sandbox provider's consent page is public; the callback finishes with the opener's token. */}
      {SOCIAL_PROVIDERS.map((provider) => (
        <Route key={`sandbox-${provider}`} path={oauthSandboxPagePath(provider)} element={<Suspense fallback={<FullScreenSpinner />}><OAuthSandboxPage provider={provider} /></Suspense>} />
      ))}
      {SOCIAL_PROVIDERS.map((provider) => (
        <Route key={`callback-${provider}`} path={oauthCallbackPagePath(provider)} element={<Suspense fallback={<FullScreenSpinner />}><OAuthCallbackPage provider={provider} /></Suspense>} />
      ))}
    </Routes>
  );
}
