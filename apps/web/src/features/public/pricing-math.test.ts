import { describe, expect, it } from 'vitest';
import { annualSavingPercent, annualSavings as annualSavingsOf, DEFAULT_CATALOGUE } from '@agency/contract';
import { bestAnnualSavingPercent } from './pricing-math';

const annualSavings = (monthly: number, annual: number) => annualSavingsOf({ monthly, annual });

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

  it('gives every plan of the catalogue a saving when paid annually', () => {
    for (const plan of DEFAULT_CATALOGUE.plans) expect(annualSavings(plan.monthly, plan.annual)).toBeGreaterThan(0);
  });
});

describe('annualSavingPercent', () => {
  it('is the share of twelve monthly payments the annual price saves, in whole percent', () => {
    // 1 − 299 / 348 = 14.08 %; 1 − 699 / 828 = 15.58 %.
    expect(annualSavingPercent({ monthly: 29, annual: 299 })).toBe(14);
    expect(annualSavingPercent({ monthly: 69, annual: 699 })).toBe(16);
  });

  it('is 0 when the annual price saves nothing or costs more', () => {
    expect(annualSavingPercent({ monthly: 10, annual: 120 })).toBe(0);
    expect(annualSavingPercent({ monthly: 10, annual: 130 })).toBe(0);
  });
});

describe('bestAnnualSavingPercent', () => {
  it("is the largest plan's saving", () => {
    expect(bestAnnualSavingPercent([{ monthly: 29, annual: 299 }, { monthly: 69, annual: 699 }])).toBe(16);
  });

  it('is 0 without plans', () => {
    expect(bestAnnualSavingPercent([])).toBe(0);
  });
});
