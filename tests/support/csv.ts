/** The tests read an export back with the parser the shop reads uploaded CSV files with (one copy, issue 50). */
export { parseCsv } from '../../src/shared/csv';
