const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** $30.80: the catalogue prices in US dollars. */
export function formatUsd(amount: number): string {
  return usd.format(amount);
}
