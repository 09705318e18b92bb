/** Series colours in order, from the studio's palette (kept out of the chart module, which loads lazily). */
export const SERIES_COLORS = ['var(--color-brand)', 'var(--color-info)', 'var(--color-warning)', 'var(--color-danger)', '#c084fc', '#f472b6', '#2dd4bf', '#a3a3ad'];
