import { expect, gotoHydrated, test } from './fixtures';

/**
 * Every public page: its one h1 and its own document title and meta description. Axe checks each of these pages once,
 * in the public walk of accessibility.spec.ts.
 */
const PAGES: { path: string; h1: string | RegExp; title: RegExp }[] = [
  { path: '/', h1: 'Grow your social media with a team behind you', title: /^Social media growth for Instagram, TikTok and YouTube \|/ },
  { path: '/pricing', h1: 'Simple, transparent pricing', title: /^Pricing \|/ },
  { path: '/services/instagram', h1: 'Instagram Growth Services', title: /^Instagram Growth Services \|/ },
  { path: '/services/tiktok', h1: 'TikTok Growth Services', title: /^TikTok Growth Services \|/ },
  { path: '/services/youtube', h1: 'YouTube Growth Services', title: /^YouTube Growth Services \|/ },
  { path: '/contact', h1: 'Contact Us', title: /^Contact Us \|/ },
  { path: '/how-it-works', h1: 'How It Works', title: /^How It Works \|/ },
  { path: '/about', h1: 'About Us', title: /^About Us \|/ },
  { path: '/faq', h1: 'Frequently Asked Questions', title: /^Frequently Asked Questions \|/ },
  { path: '/blog', h1: 'Blog', title: /^Blog \|/ },
  { path: '/privacy', h1: 'Privacy Policy', title: /^Privacy Policy \|/ },
  { path: '/terms', h1: 'Terms of Service', title: /^Terms of Service \|/ },
  { path: '/refund', h1: 'Refund Policy', title: /^Refund Policy \|/ },
  { path: '/cookies', h1: 'Cookie Policy', title: /^Cookie Policy \|/ },
];

test.describe('public pages', () => {
  for (const { path, h1, title } of PAGES) {
    test(`${path} has one h1, its title and description, and fits 375 px`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1, name: h1, exact: typeof h1 === 'string' })).toBeVisible();
      await expect(page).toHaveTitle(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(40);

      await page.setViewportSize({ width: 375, height: 800 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways at 375 px`).toBeLessThanOrEqual(0);
    });
  }

  test('the footer links to every legal page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const legal: [string, string][] = [
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Refund Policy', '/refund'],
      ['Cookie Policy', '/cookies'],
    ];
    for (const [name, href] of legal) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  });

  test('pricing: Annual shows the saving the prices give and a yearly saving; the chosen platform survives a reload', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    await expect(page.getByText('30-day money-back guarantee on all plans')).toBeVisible();
    const plans = page.getByRole('tabpanel');
    await expect(plans.getByText('$100', { exact: true })).toBeVisible();
    await expect(page.getByText(/^Save up to/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Annual' }).click();
    await expect(page.getByRole('button', { name: 'Annual' })).toHaveAttribute('aria-pressed', 'true');
    // Computed from the prices (annualSavingPercent): Instagram's best, Starter, saves 1 − 999 / (12 × 100) = 16.75 %.
    await expect(page.getByText('Save up to 17%')).toBeVisible();
    await expect(plans.getByText('$999', { exact: true })).toBeVisible();
    // Starter: 12 × 100 − 999 = 201.
    await expect(plans.getByText('Save $201/year')).toBeVisible();

    await page.getByRole('tab', { name: 'YouTube' }).click();
    await expect(page.getByRole('tab', { name: 'YouTube' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Creator Growth' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('Most Popular')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: 'YouTube' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel').getByRole('heading', { name: 'Creator Starter' })).toBeVisible();
    // The billing period is not remembered: monthly again.
    await expect(page.getByRole('tabpanel').getByText('$49', { exact: true })).toBeVisible();

    // No trial exists: the call to action is to get started (the header has a Get Started link too).
    const cta = page.getByRole('region', { name: 'Ready to grow your audience?' });
    await expect(cta.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/auth');
    await expect(cta.getByRole('link', { name: 'Contact Sales' })).toHaveAttribute('href', '/contact');
    await expect(page.getByText(/free trial/i)).toHaveCount(0);
  });

  test('service page: adding growth packages raises the header cart count', async ({ page }) => {
    await gotoHydrated(page, '/services/instagram');
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
    await page.getByRole('button', { name: /^Add to Cart: Growth/ }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('1');
    await page.getByRole('button', { name: /^Add to Cart: Growth/ }).click();
    await page.getByRole('button', { name: /^Add to Cart: Starter/ }).click();
    await expect(page.getByTestId('cart-count')).toHaveText('3');
    // Only Instagram packages are offered here.
    await expect(page.getByRole('button', { name: /^Add to Cart:/ })).toHaveCount(3);
    await expect(page.getByRole('button', { name: /TikTok/ })).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    await page.getByRole('tab', { name: 'Process' }).click();
    for (const step of ['Account Analysis', 'Strategy Development', 'Growth Implementation', 'Monitor and Optimize']) {
      await expect(page.getByRole('tabpanel').getByRole('heading', { name: step })).toBeVisible();
    }
    await expect(page.getByRole('tabpanel')).toContainText('1-2 days');
    await expect(page.getByRole('link', { name: 'Get Custom Quote' })).toHaveAttribute('href', '/contact');
  });

  test('contact: required fields and email format are checked, then the success banner shows for 3 seconds', async ({ page }) => {
    await gotoHydrated(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Subject is required')).toBeVisible();
    await expect(page.getByText('Message is required')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Name').fill('Pat Visitor');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Subject').fill('Plans for my shop');
    await page.getByLabel('Message').fill('Which plan fits a small shop?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();

    await page.getByLabel('Email').fill(`pat-${Date.now()}@visitor.test`);
    await page.getByLabel('Inquiry type').selectOption('sales');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const banner = page.getByText("Thank you for your message! We'll get back to you soon.");
    await expect(banner).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await expect(banner).toBeHidden({ timeout: 5_000 });
  });

  test('home: the testimonial carousel has previous, next and pause buttons', async ({ page }) => {
    await gotoHydrated(page, '/');
    const slide = page.getByTestId('testimonial-slide');
    await expect(slide).toHaveAttribute('aria-label', '1 of 4');
    await page.getByRole('button', { name: 'Next testimonial' }).click();
    await expect(slide).toHaveAttribute('aria-label', '2 of 4');
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await page.getByRole('button', { name: 'Previous testimonial' }).click();
    await expect(slide).toHaveAttribute('aria-label', '4 of 4');
    await expect(page.getByRole('button', { name: 'Pause testimonials' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/auth');
  });
});
