export type ExpiryChoice = 'never' | '7' | '30' | '90' | 'custom';

export const expiryChoices: { value: ExpiryChoice; label: string }[] = [
  { value: 'never', label: 'Never' },
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'Custom date' },
];

const DAY_MS = 86_400_000;

/**
 * The `expires_at` to send: null for never, an ISO time N days from now, or the end of a chosen day
 * (local time, so "until the 31st" includes the 31st). undefined: the custom date is missing or past.
 */
export function expiresAtOf(choice: ExpiryChoice, customDate: string, now: number = Date.now()): string | null | undefined {
  if (choice === 'never') return null;
  if (choice !== 'custom') return new Date(now + Number(choice) * DAY_MS).toISOString();
  const match = customDate.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (!match) return undefined;
  const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return endOfDay.getTime() > now ? endOfDay.toISOString() : undefined;
}
