import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The repository's root, which the map's paths are relative to. */
const root = new URL('../../../', import.meta.url);
const mapFile = new URL('docs/behaviours.md', root);

/** One row of the map: the behaviour, the files and the names it says they define, the tests, the decisions. */
interface BehaviourRow {
  behaviour: string;
  where: { file: string; names: string[] }[];
  tests: string[];
  decisions: string[];
  decisionCell: string;
}

const codeSpans = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? '');
const isPath = (span: string) => /^(src|tests)\/\S+\.(ts|tsx)$/.test(span);

/**
 * The table's rows (a line `| … |` after the header and its `| --- |` line). In "Where it lives" a
 * path in a code span starts a file, and the code spans after it name what that file defines.
 */
function behaviourRows(markdown: string): BehaviourRow[] {
  const lines = markdown.split('\n').filter((line) => line.startsWith('| '));
  return lines.slice(2).map((line) => {
    const [behaviour = '', whereCell = '', testCell = '', decisionCell = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    const where: BehaviourRow['where'] = [];
    for (const span of codeSpans(whereCell)) {
      if (isPath(span)) where.push({ file: span, names: [] });
      else where.at(-1)?.names.push(span);
    }
    const decisions = [...decisionCell.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? '');
    return { behaviour, where, tests: codeSpans(testCell), decisions, decisionCell };
  });
}

/** A function, const, class, type or interface of that name declared in the text, or a name it re-exports. */
const defines = (source: string, name: string) =>
  new RegExp(
    `(?:\\bfunction\\*?\\s+${name}\\b|\\b(?:const|let|class|interface|type)\\s+${name}\\b|export\\s*(?:type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\})`,
  ).test(source);

/** What in the rows does not hold against the tree at `base`: each problem as a sentence. */
function problemsOf(rows: BehaviourRow[], base: URL): string[] {
  const problems: string[] = [];
  for (const row of rows) {
    const label = row.behaviour.slice(0, 60);
    if (row.where.length === 0) problems.push(`${label}: names no file`);
    for (const { file, names } of row.where) {
      const path = new URL(file, base);
      if (!existsSync(path)) {
        problems.push(`${label}: ${file} does not exist`);
        continue;
      }
      if (names.length === 0) problems.push(`${label}: ${file} names no function`);
      const source = readFileSync(path, 'utf8');
      for (const name of names)
        if (!/^[A-Za-z_$][\w$]*$/.test(name) || !defines(source, name))
          problems.push(`${label}: ${file} does not define ${name}`);
    }
    if (row.tests.length === 0) problems.push(`${label}: names no test`);
    for (const test of row.tests)
      if (!/\.test\.tsx?$/.test(test) || !existsSync(new URL(test, base)))
        problems.push(`${label}: test ${test} does not exist`);
    if (row.decisions.length === 0 && !/^none yet\b/.test(row.decisionCell))
      problems.push(`${label}: links no decision (write "none yet" when there is none)`);
    for (const decision of row.decisions)
      if (!/^decisions\/\d{4}-[\w-]+\.md$/.test(decision) || !existsSync(new URL(decision, new URL('docs/', base))))
        problems.push(`${label}: decision ${decision} does not exist`);
  }
  return problems;
}

describe('docs/behaviours.md', () => {
  const rows = behaviourRows(readFileSync(mapFile, 'utf8'));

  it('names, for each behaviour, a file that exists and functions it defines, a test that exists and a decision record that exists', () => {
    expect(rows.length).toBeGreaterThanOrEqual(16);
    expect(problemsOf(rows, root)).toEqual([]);
  });

  it('answers the twelve questions of the structure review (issue 50), each in one row', () => {
    const asked = [
      /VAT does each line/,
      /e-invoice/,
      /language is an e-mail/,
      /approver/,
      /payment received count against/,
      /aged-debt/,
      /supplier pack/,
      /member of an organisation read/,
      /commercial invoice/,
      /factory test at dispatch/,
      /place in a production batch/,
      /personal data kept.*erasure/,
    ];
    expect(asked.filter((question) => rows.filter((row) => question.test(row.behaviour)).length !== 1)).toEqual([]);
  });

  it('fails a row whose file, function, test or decision has gone (the check can fail)', () => {
    const stale = behaviourRows(
      [
        '| Behaviour | Where | Test | Decision |',
        '| --- | --- | --- | --- |',
        '| A moved rule | `src/server/billing/record-payment.ts` `recordPayment` `recordReceipt`; `src/server/orders/gone.ts` `x` | `src/server/orders/gone.test.ts` | [0099](decisions/0099-gone.md) |',
        '| No decision | `src/shared/money.ts` `parseMoney` | `src/shared/money.test.ts` | — |',
      ].join('\n'),
    );
    expect(problemsOf(stale, root)).toEqual([
      'A moved rule: src/server/billing/record-payment.ts does not define recordReceipt',
      'A moved rule: src/server/orders/gone.ts does not exist',
      'A moved rule: test src/server/orders/gone.test.ts does not exist',
      'A moved rule: decision decisions/0099-gone.md does not exist',
      'No decision: links no decision (write "none yet" when there is none)',
    ]);
  });
});
