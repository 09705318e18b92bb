/**
 * pg_cron schedules on the page: presets, a check of the form cron.schedule() accepts (the same
 * patterns as the server's cron.plinth_check_schedule; the server stays the judge), and the common
 * shapes said in words. Times are UTC, as pg_cron's.
 */

export const SCHEDULE_PRESETS: readonly { label: string; schedule: string }[] = [
  { label: 'Every 30 seconds', schedule: '30 seconds' },
  { label: 'Every minute', schedule: '* * * * *' },
  { label: 'Every 5 minutes', schedule: '*/5 * * * *' },
  { label: 'Every hour', schedule: '0 * * * *' },
  { label: 'Every day at midnight', schedule: '0 0 * * *' },
  { label: 'Every Sunday at midnight', schedule: '0 0 * * 0' },
  { label: 'Every month on the 1st', schedule: '0 0 1 * *' },
];

const SECONDS = /^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$/i;
const MACRO = /^\s*@(yearly|annually|monthly|weekly|daily|hourly|midnight)\s*$/i;
const FIELDS = /^\s*[0-9a-z*/,$-]+(\s+[0-9a-z*/,$?-]+){4}\s*$/i;

/** null when cron.schedule() would accept the schedule, else why not. */
export function scheduleError(schedule: string): string | null {
  if (schedule.trim() === '') return 'Please provide a schedule';
  if (SECONDS.test(schedule) || MACRO.test(schedule) || FIELDS.test(schedule)) return null;
  return 'Use five cron fields (minute hour day month weekday), like */5 * * * *, or "[1-59] seconds"';
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const isNumber = (field: string) => /^\d+$/.test(field);
const time = (hour: string, minute: string) => `${hour.padStart(2, '0')}:${minute.padStart(2, '0')} UTC`;

/** "Every 5 minutes", "Every day at 03:00 UTC", ...; the schedule itself when it is none of the common shapes. */
export function scheduleInWords(schedule: string): string {
  const seconds = SECONDS.exec(schedule);
  if (seconds) return seconds[1] === '1' ? 'Every second' : `Every ${seconds[1]} seconds`;
  const macro = MACRO.exec(schedule);
  if (macro) return { yearly: 'Every year', annually: 'Every year', monthly: 'Every month', weekly: 'Every week', daily: 'Every day', hourly: 'Every hour', midnight: 'Every day at midnight' }[macro[1].toLowerCase()] ?? schedule;
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return schedule;
  const [minute, hour, day, month, weekday] = fields;
  const everyDay = day === '*' && month === '*' && weekday === '*';
  if (everyDay && minute === '*' && hour === '*') return 'Every minute';
  const step = /^\*\/(\d+)$/.exec(minute);
  if (everyDay && step && hour === '*') return `Every ${step[1]} minutes`;
  if (everyDay && isNumber(minute) && hour === '*') return minute === '0' ? 'Every hour' : `Every hour at minute ${minute}`;
  if (!isNumber(minute) || !isNumber(hour)) return schedule;
  if (everyDay) return `Every day at ${time(hour, minute)}`;
  if (day === '*' && month === '*' && isNumber(weekday)) return `Every ${DAYS[Number(weekday) % 7]} at ${time(hour, minute)}`;
  if (isNumber(day) && month === '*' && weekday === '*') return `Every month on day ${day} at ${time(hour, minute)}`;
  return schedule;
}
