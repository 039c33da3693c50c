import { describe, expect, it } from 'vitest';
import { neutralizeFormula, toCsv } from './csv';

describe('CSV cells that a spreadsheet would run', () => {
  it('get a leading apostrophe: = + - @, their full-width forms, leading white space, tab and CR', () => {
    for (const value of [
      '=1+1',
      '+1+1',
      '-1+1',
      '@SUM(A1)',
      '＝HYPERLINK("http://evil.test")',
      '＋cmd',
      '－2',
      '＠SUM(A1)',
      '\t=1+1',
      '\r=1+1',
      '\tplain after a tab',
      '  =1+1',
      '\u3000＝1+1',
    ]) {
      expect(neutralizeFormula(value), JSON.stringify(value)).toBe(`'${value}`);
    }
  });

  it('leave everything else as it is', () => {
    for (const value of ['', 'Plain text', 'a=b', 'INV-1', '10.00', '2025-01-02T03:04:05.000Z', 'Café ☕']) {
      expect(neutralizeFormula(value)).toBe(value);
    }
  });

  it('toCsv neutralises every cell, header first', () => {
    expect(toCsv(['a', 'b'], [['＝1+1', 'ok'], ['x', '@y']])).toBe("a,b\n'＝1+1,ok\nx,'@y\n");
  });
});
