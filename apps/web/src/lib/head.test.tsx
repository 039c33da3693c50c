import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
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
    const html = renderToString(
      <HeadProvider head={head}>
        <Page />
      </HeadProvider>,
    );
    expect(head).toEqual({ title: 'Pricing | GrowthAgency', description: 'Plans for every budget.' });
    // What reads the browser renders its server form while prerendering.
    expect(html).toContain('prerendered');
  });
});
