import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { putAgencyProfileInPage, TEST_AGENCY_PROFILE } from '@/test/agency-profile';
import { HeadProvider, type THead } from './head';
import { useDocumentTitle } from './use-document-title';
import { useHydrated } from './use-hydrated';

function Page() {
  useDocumentTitle('Pricing', 'Plans for every budget.');
  const hydrated = useHydrated();
  return <h1>{hydrated ? 'browser' : 'prerendered'}</h1>;
}

describe('prerendering a page', () => {
  it("collects the page's title and description for the static HTML's head", () => {
    const head: THead = {};
    // The title names the agency the page carries (lib/brand.ts), as the owner named it.
    putAgencyProfileInPage({ ...TEST_AGENCY_PROFILE, name: 'Northstar Social' });
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <HeadProvider head={head}>
          <Page />
        </HeadProvider>
      </QueryClientProvider>,
    );
    expect(head).toEqual({ title: 'Pricing | Northstar Social', description: 'Plans for every budget.' });
    // What reads the browser renders its server form while prerendering.
    expect(html).toContain('prerendered');
  });
});
