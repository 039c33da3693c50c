import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestimonialCarousel, type TTestimonial } from '../testimonial-carousel';

const ITEMS: TTestimonial[] = ['Ann', 'Ben', 'Cat'].map((name) => ({
  name,
  handle: `@${name.toLowerCase()}`,
  emoji: '🙂',
  text: `${name} says hello`,
  followers: '1K',
  growth: '+10%',
}));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

const shown = () => screen.getByText(/says hello/).textContent;
const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('TestimonialCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('advances every 5 seconds and wraps around', () => {
    mockReducedMotion(false);
    render(<TestimonialCarousel items={ITEMS} />);
    expect(shown()).toContain('Ann');
    wait(4999);
    expect(shown()).toContain('Ann');
    wait(1);
    expect(shown()).toContain('Ben');
    wait(10_000);
    expect(shown()).toContain('Ann');
  });

  it('stops with the Pause button and while hovered', () => {
    mockReducedMotion(false);
    render(<TestimonialCarousel items={ITEMS} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    wait(15_000);
    expect(shown()).toContain('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Client testimonials' }));
    wait(15_000);
    expect(shown()).toContain('Ann');
    fireEvent.mouseLeave(screen.getByRole('region', { name: 'Client testimonials' }));
    wait(5000);
    expect(shown()).toContain('Ben');
  });

  it('never moves by itself under prefers-reduced-motion, but Previous and Next still work', () => {
    mockReducedMotion(true);
    render(<TestimonialCarousel items={ITEMS} />);
    wait(20_000);
    expect(shown()).toContain('Ann');
    fireEvent.click(screen.getByRole('button', { name: 'Next testimonial' }));
    expect(shown()).toContain('Ben');
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous testimonial' }));
    expect(shown()).toContain('Cat');
  });
});
