const numberFormat = new Intl.NumberFormat('en-US');

export function formatNumber(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : numberFormat.format(value);
}
