import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { FullScreenSpinner, Spinner } from '@/components/ui';
import { PublicLayout } from '@/layout/public-layout';
import { GuestOnly, RequireAuth } from './guards';

const HomePage = lazy(() => import('@/features/public/home.page'));
const PricingPage = lazy(() => import('@/features/public/pricing.page'));
const HowItWorksPage = lazy(() => import('@/features/public/how-it-works.page'));
const ContactPage = lazy(() => import('@/features/public/contact.page'));
const AboutPage = lazy(() => import('@/features/public/about.page'));
const InstagramPage = lazy(() => import('@/features/public/service.page').then((m) => ({ default: m.InstagramServicePage })));
const TikTokPage = lazy(() => import('@/features/public/service.page').then((m) => ({ default: m.TikTokServicePage })));
const YouTubePage = lazy(() => import('@/features/public/service.page').then((m) => ({ default: m.YouTubeServicePage })));
const BlogPage = lazy(() => import('@/features/public/blog.page'));
const FaqPage = lazy(() => import('@/features/public/faq.page'));
const PrivacyPage = lazy(() => import('@/features/public/privacy.page'));
const TermsPage = lazy(() => import('@/features/public/terms.page'));
const RefundPage = lazy(() => import('@/features/public/refund.page'));
const CookiesPage = lazy(() => import('@/features/public/cookies.page'));
const NotFoundPage = lazy(() => import('@/features/public/not-found.page'));
const CartPage = lazy(() => import('@/features/cart/cart.page'));
const CheckoutPage = lazy(() => import('@/features/checkout/checkout.page'));
const OrderConfirmationPage = lazy(() => import('@/features/checkout/order-confirmation.page'));
const AuthPage = lazy(() => import('@/features/auth/auth.page'));
const DashboardPage = lazy(() => import('./dashboard.page'));

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

/** The route table of client-and-public 2.1. Every page is its own lazily loaded chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<Page><HomePage /></Page>} />
        <Route path="pricing" element={<Page><PricingPage /></Page>} />
        <Route path="how-it-works" element={<Page><HowItWorksPage /></Page>} />
        <Route path="contact" element={<Page><ContactPage /></Page>} />
        <Route path="about" element={<Page><AboutPage /></Page>} />
        <Route path="services/instagram" element={<Page><InstagramPage /></Page>} />
        <Route path="services/tiktok" element={<Page><TikTokPage /></Page>} />
        <Route path="services/youtube" element={<Page><YouTubePage /></Page>} />
        <Route path="cart" element={<Page><CartPage /></Page>} />
        <Route path="checkout" element={<Page><CheckoutPage /></Page>} />
        <Route path="order-confirmation" element={<Page><OrderConfirmationPage /></Page>} />
        <Route path="blog" element={<Page><BlogPage /></Page>} />
        <Route path="faq" element={<Page><FaqPage /></Page>} />
        <Route path="privacy" element={<Page><PrivacyPage /></Page>} />
        <Route path="terms" element={<Page><TermsPage /></Page>} />
        <Route path="refund" element={<Page><RefundPage /></Page>} />
        <Route path="cookies" element={<Page><CookiesPage /></Page>} />
        <Route path="*" element={<Page><NotFoundPage /></Page>} />
      </Route>
      <Route
        path="auth"
        element={
          <GuestOnly>
            <Suspense fallback={<FullScreenSpinner />}>
              <AuthPage />
            </Suspense>
          </GuestOnly>
        }
      />
      <Route
        path="dashboard"
        element={
          <RequireAuth>
            <Suspense fallback={<FullScreenSpinner />}>
              <DashboardPage />
            </Suspense>
          </RequireAuth>
        }
      />
      <Route path="dashboard/*" element={<Navigate to="/dashboard" replace />} />
    </Routes>
  );
}
