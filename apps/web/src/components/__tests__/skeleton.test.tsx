import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListSkeleton, SkeletonGroup } from '@/components/ui';

describe('loading skeletons', () => {
  it('SkeletonGroup is one busy status that says what loads, with its shapes hidden', () => {
    render(
      <SkeletonGroup label="Loading invoices">
        <div data-testid="shape" aria-hidden />
      </SkeletonGroup>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading invoices');
    expect(status).toHaveAttribute('aria-busy', 'true');
    // The text is inside, not an aria-label on a plain div (axe aria-prohibited-attr).
    expect(status).not.toHaveAttribute('aria-label');
  });

  it('ListSkeleton draws the asked number of avatar rows', () => {
    const { container } = render(<ListSkeleton label="Loading conversations" rows={4} avatar="md" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading conversations');
    expect(container.querySelectorAll('.rounded-full.h-10')).toHaveLength(4);
  });
});
