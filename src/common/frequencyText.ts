// How often an event meets, in the words the screens use (spec 1 §3's options).
import { WEEKDAYS } from './constants';
import { ruleSpecs, type RecurringEvent } from './recurrence';

const ORDINALS = ['', 'First', 'Second', 'Third', 'Fourth', 'Last'];

function joinWords(words: string[]): string {
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** How often it meets, in words: 'Every Tuesday', 'First and Third Tuesday of the Month'... */
export function frequencyText(
  event: RecurringEvent,
  formatDate: (date: string) => string = (d) => d,
): string {
  if (event.isSingleDate)
    return event.singleDate ? `Single date: ${formatDate(event.singleDate)}` : 'Single date';
  const weekday = WEEKDAYS[event.dayOfWeekIndex] ?? '';
  return ruleSpecs(event)
    .map((spec) => {
      if (spec.kind === 'weekly') return `Every ${weekday}`;
      if (spec.kind === 'biweekly')
        return `Every Other ${weekday} (${spec.parity === 0 ? 'Even' : 'Odd'} Weeks)`;
      return `${joinWords(spec.positions.map((p) => ORDINALS[p]!))} ${weekday} of the Month`;
    })
    .join(', plus ');
}
