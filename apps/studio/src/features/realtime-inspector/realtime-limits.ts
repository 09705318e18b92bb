/** The plan's Realtime limits as the settings panel lists them. */
import type { RealtimeConfig } from '@plinth/api-contract';

export interface LimitRow {
  label: string;
  value: string;
}

const count = (value: number) => value.toLocaleString('en-US');

function size(kb: number): string {
  return kb >= 1024 && kb % 1024 === 0 ? `${kb / 1024} MB` : `${count(kb)} KB`;
}

export function limitRows(config: RealtimeConfig): LimitRow[] {
  const orUnlimited = (value: number | null, format: (value: number) => string) => (value === null ? 'Unlimited' : format(value));
  return [
    { label: 'Concurrent connections', value: orUnlimited(config.max_concurrent_users, count) },
    { label: 'Messages per month', value: orUnlimited(config.max_messages_per_month, count) },
    { label: 'Maximum message size', value: orUnlimited(config.max_payload_size_in_kb, size) },
  ];
}

/** "1,234 of 2,000,000 (0.1%)", or the count alone when the plan has no monthly limit. */
export function messagesUsed(config: RealtimeConfig): { text: string; fraction: number | null } {
  const used = config.messages_this_month;
  const max = config.max_messages_per_month;
  if (max === null || max <= 0) return { text: count(used), fraction: null };
  const fraction = Math.min(1, used / max);
  const percent = fraction * 100;
  const shown = used > 0 && percent < 0.1 ? '<0.1' : percent < 10 ? percent.toFixed(1) : String(Math.round(percent));
  return { text: `${count(used)} of ${count(max)} (${shown}%)`, fraction };
}
