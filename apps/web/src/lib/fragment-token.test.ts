import { describe, expect, it } from 'vitest';
import { readFragmentToken } from './fragment-token';

describe('readFragmentToken', () => {
  it('reads the token from the fragment, with or without the leading #', () => {
    expect(readFragmentToken('#token=rvw_abcDEF123-_x')).toBe('rvw_abcDEF123-_x');
    expect(readFragmentToken('token=rvw_abc')).toBe('rvw_abc');
    expect(readFragmentToken('#utm=mail&token=rvw_abc')).toBe('rvw_abc');
  });
  it('is null without a token', () => {
    expect(readFragmentToken('')).toBeNull();
    expect(readFragmentToken('#')).toBeNull();
    expect(readFragmentToken('#token=')).toBeNull();
    expect(readFragmentToken('#other=1')).toBeNull();
  });
});
