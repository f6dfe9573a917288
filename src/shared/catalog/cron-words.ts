import cronstrue from 'cronstrue';

// A cron expression in words, in the same voice as the other schedule phrases ("Every day at 09:00").
// The common shapes are written here; anything else goes to cronstrue (decision 0022), a well-kept
// library that reads every cron dialect n8n accepts, in 24-hour time. Never the raw expression.

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_NAMES: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };
const pad = (n: number) => String(n).padStart(2, '0');
const isNum = (s: string) => /^\d+$/.test(s);

function dayNumber(s: string): number | null {
  if (isNum(s)) return Number(s) % 7;
  const d = DAY_NAMES[s.slice(0, 3).toLowerCase()];
  return d === undefined ? null : d;
}

/** "1-5" → weekdays; "1,3" → Monday and Wednesday; null when it is not a plain list or range. */
function daysOfWeek(field: string): string | null {
  if (/^(1-5|mon-fri)$/i.test(field)) return 'every weekday';
  if (/^(0,6|6,0|sat,sun|sun,sat)$/i.test(field)) return 'every Saturday and Sunday';
  const parts = field.split(',').map(dayNumber);
  if (parts.some((p) => p === null)) return null;
  const names = (parts as number[]).map((d) => WEEKDAYS[d]!);
  return `every ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`}`;
}

function handWritten(fields: string[]): string | null {
  const [min, hour, dom, month, dow] = fields as [string, string, string, string, string];
  if (month !== '*') return null;
  if (min === '*' && hour === '*' && dom === '*' && dow === '*') return 'every minute';
  const everyMin = /^\*\/(\d+)$/.exec(min);
  if (everyMin && hour === '*' && dom === '*' && dow === '*') return `every ${everyMin[1]} minutes`;
  if (isNum(min) && dom === '*' && dow === '*') {
    const at = Number(min) ? ` at minute ${Number(min)}` : '';
    if (hour === '*') return `every hour${at}`;
    const everyHour = /^\*\/(\d+)$/.exec(hour);
    if (everyHour) return `every ${everyHour[1]} hours${at}`;
  }
  if (!isNum(min) || !isNum(hour)) return null;
  const time = `${pad(Number(hour))}:${pad(Number(min))}`;
  if (dom === '*' && dow === '*') return `every day at ${time}`;
  if (dom === '*') {
    const days = daysOfWeek(dow);
    return days ? `${days} at ${time}` : null;
  }
  if (isNum(dom) && dow === '*') return `every month on day ${Number(dom)} at ${time}`;
  return null;
}

/**
 * "0 9 * * *" → "every day at 09:00"; "0 30 8 * * 1-5" (with seconds) → "every weekday at 08:30".
 * Lowercase, to sit inside a sentence; null when the expression cannot be read.
 */
export function cronInWords(expression: string): string | null {
  const expr = expression.trim().replace(/\s+/g, ' ');
  if (!expr || expr.startsWith('=')) return null;
  let fields = expr.split(' ');
  // n8n accepts a leading seconds field; a zero there changes nothing a reader needs.
  if (fields.length === 6 && fields[0] === '0') fields = fields.slice(1);
  if (fields.length === 5) {
    const own = handWritten(fields);
    if (own) return own;
  }
  try {
    const words = cronstrue.toString(expr, { use24HourTimeFormat: true, verbose: false });
    return words.charAt(0).toLowerCase() + words.slice(1);
  } catch {
    return null;
  }
}
