import { type BusinessProfile, profileAddressLines } from '../business-profile';
import { cleanLine } from '../clean-text';
import { formatUkDate } from '../dates';
import {
  type FactoryTestLimits,
  formatNumber,
  formatSigned,
  judgeFactoryTest,
  volumeBand,
} from '../instruments/instrument-papers';
import { addressLines } from '../orders/order-lines';
import type { OrderAddress } from '../orders/order-schema';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

/**
 * Issue 41, decision 0059: the papers of one instrument, drawn by the one PDF layout. The factory
 * test certificate (its results against their limits, pass or fail, signed), the declaration of
 * conformity (UKCA and CE, from the settings' lists) and the IQ/OQ protocol pre-filled for the lab.
 */
export interface InstrumentPaperFacts {
  profile: BusinessProfile;
  instrument: {
    serialNumber: string;
    model: string;
    softwareVersion: string | null;
    deliveredOn: string | null;
  };
  order: {
    orderNumber: string;
    poNumber: string | null;
    shippingAddress: OrderAddress | null;
    billingAddress: OrderAddress | null;
  };
  test: FactoryTestLimits & {
    /** Null when staff uploaded the test record instead of typing the results (issue 41). */
    rateAccuracyPercent: number | null;
    volumeDeliveredMl: number | null;
    testedBy: string;
    testedOn: string;
    /** When it was recorded, i.e. the day the instrument was dispatched. */
    recordedAt: Date | string;
    /** The uploaded test record the test comes from: named on the certificate with its fingerprint. */
    record?: { filename: string; sha256: string; uploadedAt: Date | string } | null;
  };
  conformity: { ukca: string[]; ce: string[]; standards: string[] };
  /**
   * Issue 51: the papers that exist for the lab to check (the IQ/OQ protocol names only these): the
   * declaration of conformity once its legislation is entered, the user manual once uploaded. Absent: both.
   */
  papers?: { declaration: boolean; manual: boolean };
}

/** "Factory test certificate, user manual and declaration of conformity present": only the papers that exist. */
export function papersPresentCheck(
  papers: { declaration: boolean; manual: boolean } = { declaration: true, manual: true },
) {
  const names = [
    'Factory test certificate',
    ...(papers.manual ? ['user manual'] : []),
    ...(papers.declaration ? ['declaration of conformity'] : []),
  ];
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `${listed} present`;
}

const passFail = (passed: boolean) => (passed ? 'PASS' : 'FAIL');

const instrumentLines = (facts: InstrumentPaperFacts) => [
  `Model: ${facts.instrument.model}`,
  `Serial number: ${facts.instrument.serialNumber}`,
  `Software version: ${facts.instrument.softwareVersion ?? 'as displayed on the instrument'}`,
];

const signature = (profile: BusinessProfile, day: Date | string) => [
  `Signed for and on behalf of ${profile.legalName}`,
  `${profile.signatoryName}, ${profile.signatoryTitle}`,
  `Date: ${formatUkDate(day)}`,
];

const poMeta = (po: string | null): [string, string][] => (po ? [['PO number', cleanLine(po)]] : []);

/** The uploaded test record's line: its file name, its SHA-256 and when it was uploaded. */
export const testRecordLine = (record: { filename: string; sha256: string; uploadedAt: Date | string }) =>
  `Test record: ${cleanLine(record.filename)} (SHA-256 ${record.sha256}), uploaded ${formatUkDate(record.uploadedAt)}.`;

/**
 * The factory test certificate: each result with its limits and PASS or FAIL, the tester and the date,
 * signed. A test uploaded as a record (no typed results) states the limits, the record it rests on and
 * the tester's verdict; only passing tests are stored, an instrument that fails does not ship.
 */
export function testCertificateDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { test, instrument } = facts;
  const band = volumeBand(test);
  const results =
    test.rateAccuracyPercent !== null && test.volumeDeliveredMl !== null
      ? { rateAccuracyPercent: test.rateAccuracyPercent, volumeDeliveredMl: test.volumeDeliveredMl }
      : null;
  const verdict = results
    ? judgeFactoryTest(results, test)
    : { passed: true, ratePassed: true, volumePassed: true, fields: {} };
  const recordLines = test.record ? [testRecordLine(test.record)] : [];
  return {
    kind: 'test_certificate',
    issuer: issuerOf(facts.profile),
    title: 'FACTORY TEST CERTIFICATE',
    name: `Factory test certificate ${instrument.serialNumber}`,
    currency: 'GBP',
    meta: [
      ['Serial number', instrument.serialNumber],
      ['Model', instrument.model],
      ['Test date', formatUkDate(test.testedOn)],
      ['Order number', facts.order.orderNumber],
      ...poMeta(facts.order.poNumber),
    ],
    parties: [{ title: 'Instrument', lines: instrumentLines(facts) }],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: 'Final test results',
        columns: [
          { label: 'Test', width: 3 },
          { label: 'Measured', width: 2, align: 'right' },
          { label: 'Acceptance limits', width: 4 },
          { label: 'Result', width: 1.3 },
        ],
        rows: [
          {
            cells: [
              'Rate accuracy',
              results ? `${formatSigned(results.rateAccuracyPercent)} %` : 'in test record',
              `within ±${formatNumber(test.rateLimitPercent)} % of the set rate`,
              passFail(verdict.ratePassed),
            ],
          },
          {
            cells: [
              'Volume delivered',
              results ? `${formatNumber(results.volumeDeliveredMl)} mL` : 'in test record',
              `${formatNumber(band.low)} to ${formatNumber(band.high)} mL (${formatNumber(test.nominalVolumeMl)} mL ±${formatNumber(test.volumeLimitPercent)} %)`,
              passFail(verdict.volumePassed),
            ],
          },
          { cells: ['Overall result', '', '', passFail(verdict.passed)], emphasis: true },
        ],
      },
    ],
    sections: [
      {
        title: 'Test',
        lines: [
          `Tested by: ${cleanLine(test.testedBy)}`,
          `Test date: ${formatUkDate(test.testedOn)}`,
          `The instrument ${verdict.passed ? 'passed' : 'did not pass'} its final factory test before dispatch.`,
          ...(results
            ? []
            : ['The results are recorded in the test record below; the tester judged them against the limits above.']),
          ...recordLines,
        ],
      },
      { title: 'Signature', lines: signature(facts.profile, test.recordedAt) },
    ],
  };
}

/** The declaration of conformity: manufacturer, model, serial, date, the UKCA and CE legislation and the standards, signed. */
export function declarationOfConformityDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { profile, instrument, conformity } = facts;
  const listed = (items: string[]) => items.map((item) => `• ${item}`);
  return {
    kind: 'declaration_of_conformity',
    issuer: issuerOf(profile),
    title: 'DECLARATION OF CONFORMITY',
    name: `Declaration of conformity ${instrument.serialNumber}`,
    currency: 'GBP',
    meta: [
      ['Serial number', instrument.serialNumber],
      ['Model', instrument.model],
      ['Date of issue', formatUkDate(facts.test.recordedAt)],
      ['Order number', facts.order.orderNumber],
      ...poMeta(facts.order.poNumber),
    ],
    parties: [
      { title: 'Manufacturer', lines: [profile.legalName, ...profileAddressLines(profile.tradingAddress)] },
      { title: 'Product', lines: instrumentLines(facts) },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: 'Declaration',
        lines: [
          'This declaration of conformity is issued under the sole responsibility of the manufacturer.',
          `The product described above, ${instrument.model} serial number ${instrument.serialNumber}, is in conformity with the legislation below.`,
        ],
      },
      ...(conformity.ukca.length > 0 ? [{ title: 'UKCA: UK legislation', lines: listed(conformity.ukca) }] : []),
      ...(conformity.ce.length > 0 ? [{ title: 'CE: EU legislation', lines: listed(conformity.ce) }] : []),
      ...(conformity.standards.length > 0 ? [{ title: 'Standards applied', lines: listed(conformity.standards) }] : []),
      { title: 'Signature', lines: signature(profile, facts.test.recordedAt) },
    ],
  };
}

const blank = '';

/** The IQ/OQ protocol: pre-filled with the instrument and order, the checks to perform with blank result, initials and date. */
export function iqOqProtocolDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { instrument, order, test } = facts;
  const band = volumeBand(test);
  const row = (check: string, expected: string) => ({ cells: [check, expected, blank, blank, blank] });
  const columns = [
    { label: 'Check', width: 4 },
    { label: 'Expected', width: 4 },
    { label: 'Result', width: 2 },
    { label: 'Initials', width: 1.2 },
    { label: 'Date', width: 1.5 },
  ];
  const po = order.poNumber ? cleanLine(order.poNumber) : 'your purchase order';
  return {
    kind: 'iq_oq_protocol',
    issuer: issuerOf(facts.profile),
    title: 'IQ/OQ PROTOCOL',
    name: `IQ/OQ protocol ${instrument.serialNumber}`,
    currency: 'GBP',
    meta: [
      ['Serial number', instrument.serialNumber],
      ['Model', instrument.model],
      ['Software version', instrument.softwareVersion ?? 'as displayed on the instrument'],
      ['Order number', order.orderNumber],
      ...poMeta(order.poNumber),
      ['Delivery date', instrument.deliveredOn ? formatUkDate(instrument.deliveredOn) : 'not yet delivered'],
    ],
    parties: [
      { title: 'Manufacturer', lines: [facts.profile.legalName, ...profileAddressLines(facts.profile.tradingAddress)] },
      { title: 'Installed at', lines: addressLines(order.shippingAddress ?? order.billingAddress) },
    ],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: 'Installation qualification (IQ)',
        columns,
        rows: [
          row('Delivery matches the purchase order and packing list', `Order ${order.orderNumber}, PO ${po}`),
          row('Serial number on the instrument', instrument.serialNumber),
          row(papersPresentCheck(facts.papers), 'Present'),
          row('Installation environment', 'Level bench, 15–30 °C, mains power, away from direct sunlight'),
        ],
      },
      {
        title: 'Operational qualification (OQ)',
        columns,
        rows: [
          row('Power-on self-test', 'Completes without error'),
          row('Software version matches', instrument.softwareVersion ?? 'As on the factory test certificate'),
          row('Rate accuracy check', `Within ±${formatNumber(test.rateLimitPercent)} % of the set rate`),
          row(
            'Volume check',
            `${formatNumber(band.low)} to ${formatNumber(band.high)} mL at ${formatNumber(test.nominalVolumeMl)} mL`,
          ),
        ],
      },
    ],
    sections: [
      {
        title: 'Sign-off by the laboratory',
        lines: [
          'Performed by (name): ______________________   Signature: ______________________   Date: ____________',
          'Approved by (name): _______________________   Signature: ______________________   Date: ____________',
          'Deviations and comments: ____________________________________________________________',
        ],
      },
    ],
  };
}
