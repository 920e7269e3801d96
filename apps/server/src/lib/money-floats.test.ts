import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money is exact decimals (decimal.js, PostgreSQL numeric), never binary floats. This guard reads the product's source
 * and fails, listing file:line, where `parseFloat(…)` or `Number(…)` is applied to a money-named expression: an amount,
 * price, cost, total, tax, rate, fee, NTE, markup, discount, balance, payment… Use the shared money helpers instead:
 * `lineTotal`, `sumMoney`, `compareMoney` for arithmetic and comparison, `moneyText`/`amountText` to print, and
 * `jsonNumberOf` where an answer turns a stored decimal into its JSON number. A name that counts something else
 * (`totalHours`, `payRaiseId`, `dueAt`) is not money.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SOURCES = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

/** Words that make a name money. */
const MONEY_WORDS = new Set([
  'amount', 'amounts', 'price', 'prices', 'cost', 'costs', 'total', 'totals', 'subtotal', 'subtotals', 'tax', 'taxes', 'taxable',
  'rate', 'rates', 'fee', 'fees', 'nte', 'markup', 'markups', 'discount', 'discounts', 'balance', 'balances', 'payment', 'payments',
  'paid', 'pay', 'credit', 'credits', 'charge', 'charges', 'due', 'wage', 'wages', 'salary', 'money', 'freight', 'cents', 'dollars',
  'profit', 'refund', 'refunds',
]);

/** Words that make a name something other than money even beside a money word: ids, counts, times and units. */
const NOT_MONEY_WORDS = new Set([
  'id', 'ids', 'count', 'counts', 'number', 'hours', 'hour', 'minutes', 'minute', 'seconds', 'second', 'ms', 'days', 'day', 'week', 'weeks',
  'month', 'months', 'year', 'years', 'date', 'dates', 'at', 'on', 'time', 'times', 'pages', 'page', 'rows', 'row', 'size', 'length', 'index',
  'frequency', 'type', 'types', 'kind', 'status', 'name', 'names',
]);

/** Word pairs that are not money although one of them is: a rate limit is requests, not dollars. */
const NOT_MONEY_PAIRS = new Set(['rate limit', 'frame rate', 'sample rate', 'bit rate', 'refresh rate', 'error rate', 'success rate']);

/**
 * Conversions to a float that are not of money although their names say so, each with why. Keep it short: prefer
 * renaming or the money helpers.
 */
const ALLOWED: { file: string; argument: string; why: string }[] = [];

/** The words of an identifier: `convenienceFeePercent` → convenience, fee, percent; `LOGIN_RATE_LIMIT` → login, rate, limit. */
function wordsOf(identifier: string): string[] {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether one identifier names money. */
function isMoneyName(identifier: string): boolean {
  const words = wordsOf(identifier);
  if (!words.some((w) => MONEY_WORDS.has(w))) return false;
  if (words.some((w) => NOT_MONEY_WORDS.has(w))) return false;
  return !words.some((w, i) => NOT_MONEY_PAIRS.has(`${w} ${words[i + 1]}`));
}

/** Whether an expression (the argument of the conversion) names money: one of its identifiers does; text in quotes is not read. */
function isMoneyExpression(expression: string): boolean {
  const code = expression.replace(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g, ' ');
  return (code.match(/[A-Za-z_$][\w$]*/g) ?? []).some(isMoneyName);
}

/** Every `parseFloat(…)`, `Number.parseFloat(…)` and `Number(…)` of a text with its argument and line. */
function conversionsIn(text: string): { line: number; call: string; argument: string }[] {
  const found: { line: number; call: string; argument: string }[] = [];
  const call = /(?<![\w$.])(Number\.parseFloat|parseFloat|Number)\(/g;
  for (let m = call.exec(text); m; m = call.exec(text)) {
    let depth = 1;
    let i = call.lastIndex;
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
    }
    found.push({ line: text.slice(0, m.index).split('\n').length, call: m[1], argument: text.slice(call.lastIndex, i - 1).trim() });
  }
  return found;
}

/** The product's source files: TypeScript, without tests, test support and fixtures. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.(test|spec)\.tsx?$|\.d\.ts$|-fixtures\.ts$/.test(e.name) ? [path] : [];
  });
}

describe('money is never a binary float', () => {
  it('tells money names from other quantities', () => {
    for (const money of ['r.total', 'p.amount', 'row?.convenienceFeePercent ?? 0', 'lineTotal(q, item.price)', 'invoice.amountDue', 'r.newPay', 'wo.nte', 'taxRate', 'creditLimit']) {
      expect(isMoneyExpression(money), money).toBe(true);
    }
    for (const other of ['totalHours', 'payRaiseId', 'interval', 'process.env.LOGIN_RATE_LIMIT', "'total'", 'r.dueAt', 'payWeekStartsOn', 'row.overtime ?? 40', 'value']) {
      expect(isMoneyExpression(other), other).toBe(false);
    }
    expect(conversionsIn('const a = Number(r.total) + parseFloat(x.price);\nisNumber(amount); Number.isFinite(total);\nNumber.parseFloat(fee)')).toEqual([
      { line: 1, call: 'Number', argument: 'r.total' },
      { line: 1, call: 'parseFloat', argument: 'x.price' },
      { line: 3, call: 'Number.parseFloat', argument: 'fee' },
    ]);
  });

  it('finds no parseFloat or Number( of a money name in the source', () => {
    const offenders: string[] = [];
    const allowedUsed = new Set<(typeof ALLOWED)[number]>();
    for (const root of SOURCES) {
      for (const path of sourceFiles(join(ROOT, root))) {
        const file = relative(ROOT, path);
        for (const c of conversionsIn(readFileSync(path, 'utf8'))) {
          if (!isMoneyExpression(c.argument)) continue;
          const allowed = ALLOWED.find((a) => a.file === file && a.argument === c.argument);
          if (allowed) allowedUsed.add(allowed);
          else offenders.push(`${file}:${c.line}  ${c.call}(${c.argument})`);
        }
      }
    }
    expect(offenders, `money through a binary float; use decimal.js or the shared money helpers:\n${offenders.join('\n')}`).toEqual([]);
    expect(ALLOWED.filter((a) => !allowedUsed.has(a)), 'allowlist entries that no longer match anything').toEqual([]);
  });
});
