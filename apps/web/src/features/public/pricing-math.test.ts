import { describe, expect, it } from 'vitest';
import { PUBLIC_PRICING_PLANS } from '@agency/contract';
import { annualSavings } from './pricing-math';

describe('annualSavings', () => {
  it('is twelve monthly payments minus the annual price', () => {
    expect(annualSavings(29, 299)).toBe(49);
    expect(annualSavings(299, 2999)).toBe(589);
  });

  it('is 0 when the annual price equals twelve months', () => {
    expect(annualSavings(10, 120)).toBe(0);
  });

  it('is 1 when the annual price is one dollar under twelve months', () => {
    expect(annualSavings(10, 119)).toBe(1);
  });

  it('never goes below 0 when the annual price is higher than twelve months', () => {
    expect(annualSavings(10, 121)).toBe(0);
  });

  it('gives every public plan a saving when paid annually', () => {
    for (const plan of PUBLIC_PRICING_PLANS) expect(annualSavings(plan.monthly, plan.annual)).toBeGreaterThan(0);
  });
});
