import { describe, expect, it } from 'vitest';
import { readReviewToken } from '../lib/review-token';

describe('readReviewToken', () => {
  it('reads the token from the fragment, with or without the leading #', () => {
    expect(readReviewToken('#token=rvw_abcDEF123-_x')).toBe('rvw_abcDEF123-_x');
    expect(readReviewToken('token=rvw_abc')).toBe('rvw_abc');
    expect(readReviewToken('#utm=mail&token=rvw_abc')).toBe('rvw_abc');
  });
  it('is null without a token', () => {
    expect(readReviewToken('')).toBeNull();
    expect(readReviewToken('#')).toBeNull();
    expect(readReviewToken('#token=')).toBeNull();
    expect(readReviewToken('#other=1')).toBeNull();
  });
});
