/**
 * DOMAIN 4: a series of post-dated checks: consecutive numbers (keeping the first one's width,
 * so 0098 is followed by 0099 and 0100), one every `periodMonths` months from the first date
 * (a 31st falls back to the month's last day), all with the same amount until edited.
 */
export interface SeriesCheck {
  number: string;
  date: string;
  amount: number;
}

export function addMonths(isoDate: string, months: number): string {
  const [year = 0, month = 1, day = 1] = isoDate.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

export function postDatedSeries(input: {
  firstNumber: string;
  count: number;
  periodMonths: number;
  firstDate: string;
  amount: number;
}): SeriesCheck[] {
  const first = BigInt(input.firstNumber);
  return Array.from({ length: input.count }, (_, i) => ({
    number: (first + BigInt(i)).toString().padStart(input.firstNumber.length, '0'),
    date: addMonths(input.firstDate, i * input.periodMonths),
    amount: input.amount,
  }));
}
