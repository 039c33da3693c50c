import { stringify } from 'csv-stringify/sync';

/**
 * A cell that spreadsheets (Excel, LibreOffice, Google Sheets) would run as a formula: one that starts with = + - @,
 * also in their full-width forms (＝ ＋ － ＠) and after leading white space, or one that starts with a tab or a
 * carriage return.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Such a cell gets a leading apostrophe, which spreadsheets show as plain text; any other value stays as it is. */
export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A CSV file with a header row; every cell goes through neutralizeFormula. Every CSV the API sends is made here. */
export function toCsv(columns: readonly string[], records: readonly (readonly string[])[]): string {
  return stringify(
    records.map((r) => r.map(neutralizeFormula)),
    { header: true, columns: [...columns] },
  );
}
