import { type BusinessProfile, profileAddressLines } from '../business-profile';
import { cleanLine } from '../clean-text';
import {
  type FactoryTestLimits,
  formatNumber,
  formatSigned,
  judgeFactoryTest,
  volumeBand,
} from '../instruments/instrument-papers';
import type { Language } from '../i18n/languages';
import { type Translator, translator } from '../i18n/translator';
import type { OrderAddress } from '../orders/order-schema';
import { localAddressLines, localIssuer } from './document-language';
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
  /**
   * Issue 53: the language of the papers, the order's (`recipientLanguage`); absent, English.
   */
  language?: Language;
}

/** "Factory test certificate, user manual and declaration of conformity present": only the papers that exist. */
export function papersPresentCheck(
  papers: { declaration: boolean; manual: boolean } = { declaration: true, manual: true },
  tr: Translator = translator(),
) {
  const which = papers.manual ? (papers.declaration ? 'all' : 'manual') : papers.declaration ? 'declaration' : 'alone';
  return tr.t(`doc.papers.present.${which}`);
}

/**
 * A number as the papers print it: up to 3 decimals, no trailing zeros; in German and French with
 * their decimal sign ("0,4", "10,03").
 */
const numberIn = (tr: Translator, value: number) =>
  tr.language === 'en' ? formatNumber(value) : tr.number(Math.round(value * 1000) / 1000);
const signedIn = (tr: Translator, value: number) =>
  tr.language === 'en' ? formatSigned(value) : value > 0 ? `+${numberIn(tr, value)}` : numberIn(tr, value);

const passFail = (tr: Translator, passed: boolean) => tr.t(passed ? 'doc.papers.pass' : 'doc.papers.fail');

const softwareVersion = (tr: Translator, facts: InstrumentPaperFacts) =>
  facts.instrument.softwareVersion ?? tr.t('doc.papers.asDisplayed');

const instrumentLines = (tr: Translator, facts: InstrumentPaperFacts) => [
  tr.t('doc.papers.modelLine', { value: facts.instrument.model }),
  tr.t('doc.papers.serialLine', { value: facts.instrument.serialNumber }),
  tr.t('doc.papers.softwareLine', { value: softwareVersion(tr, facts) }),
];

const signature = (tr: Translator, profile: BusinessProfile, day: Date | string) => [
  tr.t('doc.signature.signedFor', { legalName: profile.legalName }),
  `${profile.signatoryName}, ${profile.signatoryTitle}`,
  tr.t('doc.signature.date', { date: tr.date(day) }),
];

const poMeta = (tr: Translator, po: string | null): [string, string][] =>
  po ? [[tr.t('doc.papers.poNumber'), cleanLine(po)]] : [];

/** The letterhead: the English one as it always was, else with the registration line in the language. */
const letterhead = (tr: Translator, profile: BusinessProfile) =>
  tr.language === 'en' ? issuerOf(profile) : localIssuer(tr, profile);

/** The manufacturer's address, its country named in the language. */
const manufacturerLines = (tr: Translator, profile: BusinessProfile) => [
  profile.legalName,
  ...profileAddressLines(
    tr.language === 'en'
      ? profile.tradingAddress
      : { ...profile.tradingAddress, country: tr.country(profile.tradingAddress.country) },
  ),
];

/** The uploaded test record's line: its file name, its SHA-256 and when it was uploaded. */
export const testRecordLine = (
  record: { filename: string; sha256: string; uploadedAt: Date | string },
  tr: Translator = translator(),
) =>
  tr.t('doc.papers.testRecord', {
    filename: cleanLine(record.filename),
    sha256: record.sha256,
    date: tr.date(record.uploadedAt),
  });

/**
 * The factory test certificate: each result with its limits and PASS or FAIL, the tester and the date,
 * signed. A test uploaded as a record (no typed results) states the limits, the record it rests on and
 * the tester's verdict; only passing tests are stored, an instrument that fails does not ship. In the
 * order's language (issue 53).
 */
export function testCertificateDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { test, instrument } = facts;
  const tr = translator(facts.language);
  const num = (value: number) => numberIn(tr, value);
  const band = volumeBand(test);
  const results =
    test.rateAccuracyPercent !== null && test.volumeDeliveredMl !== null
      ? { rateAccuracyPercent: test.rateAccuracyPercent, volumeDeliveredMl: test.volumeDeliveredMl }
      : null;
  const verdict = results
    ? judgeFactoryTest(results, test)
    : { passed: true, ratePassed: true, volumePassed: true, fields: {} };
  const recordLines = test.record ? [testRecordLine(test.record, tr)] : [];
  return {
    kind: 'test_certificate',
    language: tr.language,
    issuer: letterhead(tr, facts.profile),
    title: tr.t('doc.testCertificate.title'),
    name: tr.t('doc.testCertificate.name', { serialNumber: instrument.serialNumber }),
    currency: 'GBP',
    meta: [
      [tr.t('doc.papers.serialNumber'), instrument.serialNumber],
      [tr.t('doc.papers.model'), instrument.model],
      [tr.t('doc.papers.testDate'), tr.date(test.testedOn)],
      [tr.t('doc.meta.orderNumber'), facts.order.orderNumber],
      ...poMeta(tr, facts.order.poNumber),
    ],
    parties: [{ title: tr.t('doc.papers.instrument'), lines: instrumentLines(tr, facts) }],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: tr.t('doc.testCertificate.results'),
        // German and French say pass and fail in longer words: the result's column is wider for them.
        columns: [
          { label: tr.t('doc.testCertificate.test'), width: 3 },
          { label: tr.t('doc.testCertificate.measured'), width: 2, align: 'right' },
          { label: tr.t('doc.testCertificate.limits'), width: tr.language === 'en' ? 4 : 3.6 },
          { label: tr.t('doc.testCertificate.result'), width: tr.language === 'en' ? 1.3 : 2 },
        ],
        rows: [
          {
            cells: [
              tr.t('doc.testCertificate.rateAccuracy'),
              results ? `${signedIn(tr, results.rateAccuracyPercent)} %` : tr.t('doc.testCertificate.inRecord'),
              tr.t('doc.testCertificate.rateLimit', { limit: num(test.rateLimitPercent) }),
              passFail(tr, verdict.ratePassed),
            ],
          },
          {
            cells: [
              tr.t('doc.testCertificate.volumeDelivered'),
              results ? `${num(results.volumeDeliveredMl)} mL` : tr.t('doc.testCertificate.inRecord'),
              tr.t('doc.testCertificate.volumeLimit', {
                low: num(band.low),
                high: num(band.high),
                nominal: num(test.nominalVolumeMl),
                limit: num(test.volumeLimitPercent),
              }),
              passFail(tr, verdict.volumePassed),
            ],
          },
          { cells: [tr.t('doc.testCertificate.overall'), '', '', passFail(tr, verdict.passed)], emphasis: true },
        ],
      },
    ],
    sections: [
      {
        title: tr.t('doc.testCertificate.test'),
        lines: [
          tr.t('doc.testCertificate.testedBy', { name: cleanLine(test.testedBy) }),
          tr.t('doc.testCertificate.testDateLine', { date: tr.date(test.testedOn) }),
          tr.t(verdict.passed ? 'doc.testCertificate.passed' : 'doc.testCertificate.notPassed'),
          ...(results ? [] : [tr.t('doc.testCertificate.judgedFromRecord')]),
          ...recordLines,
        ],
      },
      { title: tr.t('doc.signature.title'), lines: signature(tr, facts.profile, test.recordedAt) },
    ],
  };
}

/**
 * The declaration of conformity: manufacturer, model, serial, date, the UKCA and CE legislation and the
 * standards, signed. In the order's language (issue 53): the legislation and standards as staff
 * entered them (their names, English in the settings), every heading and sentence in the language.
 */
export function declarationOfConformityDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { profile, instrument, conformity } = facts;
  const tr = translator(facts.language);
  const listed = (items: string[]) => items.map((item) => `• ${item}`);
  return {
    kind: 'declaration_of_conformity',
    language: tr.language,
    issuer: letterhead(tr, profile),
    title: tr.t('doc.conformity.title'),
    name: tr.t('doc.conformity.name', { serialNumber: instrument.serialNumber }),
    currency: 'GBP',
    meta: [
      [tr.t('doc.papers.serialNumber'), instrument.serialNumber],
      [tr.t('doc.papers.model'), instrument.model],
      [tr.t('doc.conformity.dateOfIssue'), tr.date(facts.test.recordedAt)],
      [tr.t('doc.meta.orderNumber'), facts.order.orderNumber],
      ...poMeta(tr, facts.order.poNumber),
    ],
    parties: [
      { title: tr.t('doc.papers.manufacturer'), lines: manufacturerLines(tr, profile) },
      { title: tr.t('doc.conformity.product'), lines: instrumentLines(tr, facts) },
    ],
    lines: [],
    totals: [],
    notes: [],
    sections: [
      {
        title: tr.t('doc.conformity.declaration'),
        lines: [
          tr.t('doc.conformity.soleResponsibility'),
          tr.t('doc.conformity.inConformity', { model: instrument.model, serialNumber: instrument.serialNumber }),
        ],
      },
      ...(conformity.ukca.length > 0 ? [{ title: tr.t('doc.conformity.ukca'), lines: listed(conformity.ukca) }] : []),
      ...(conformity.ce.length > 0 ? [{ title: tr.t('doc.conformity.ce'), lines: listed(conformity.ce) }] : []),
      ...(conformity.standards.length > 0
        ? [{ title: tr.t('doc.conformity.standards'), lines: listed(conformity.standards) }]
        : []),
      { title: tr.t('doc.signature.title'), lines: signature(tr, profile, facts.test.recordedAt) },
    ],
  };
}

const blank = '';

/**
 * The IQ/OQ protocol: pre-filled with the instrument and order, the checks to perform with blank
 * result, initials and date. In the order's language (issue 53).
 */
export function iqOqProtocolDocument(facts: InstrumentPaperFacts): BusinessDocument {
  const { instrument, order, test } = facts;
  const tr = translator(facts.language);
  const num = (value: number) => numberIn(tr, value);
  const band = volumeBand(test);
  const row = (check: string, expected: string) => ({ cells: [check, expected, blank, blank, blank] });
  const columns = [
    { label: tr.t('doc.iqOq.check'), width: 4 },
    { label: tr.t('doc.iqOq.expected'), width: 4 },
    { label: tr.t('doc.iqOq.result'), width: 2 },
    { label: tr.t('doc.iqOq.initials'), width: 1.2 },
    { label: tr.t('doc.iqOq.date'), width: 1.5 },
  ];
  return {
    kind: 'iq_oq_protocol',
    language: tr.language,
    issuer: letterhead(tr, facts.profile),
    title: tr.t('doc.iqOq.title'),
    name: tr.t('doc.iqOq.name', { serialNumber: instrument.serialNumber }),
    currency: 'GBP',
    meta: [
      [tr.t('doc.papers.serialNumber'), instrument.serialNumber],
      [tr.t('doc.papers.model'), instrument.model],
      [tr.t('doc.papers.softwareVersion'), softwareVersion(tr, facts)],
      [tr.t('doc.meta.orderNumber'), order.orderNumber],
      ...poMeta(tr, order.poNumber),
      [
        tr.t('doc.iqOq.deliveryDate'),
        instrument.deliveredOn ? tr.date(instrument.deliveredOn) : tr.t('doc.iqOq.notDelivered'),
      ],
    ],
    parties: [
      { title: tr.t('doc.papers.manufacturer'), lines: manufacturerLines(tr, facts.profile) },
      {
        title: tr.t('doc.iqOq.installedAt'),
        lines: localAddressLines(tr, order.shippingAddress ?? order.billingAddress),
      },
    ],
    lines: [],
    totals: [],
    notes: [],
    tables: [
      {
        title: tr.t('doc.iqOq.iq'),
        columns,
        rows: [
          row(
            tr.t('doc.iqOq.deliveryMatches'),
            order.poNumber
              ? tr.t('doc.iqOq.orderAndPo', { orderNumber: order.orderNumber, po: cleanLine(order.poNumber) })
              : tr.t('doc.iqOq.orderNoPo', { orderNumber: order.orderNumber }),
          ),
          row(tr.t('doc.iqOq.serialOnInstrument'), instrument.serialNumber),
          row(papersPresentCheck(facts.papers, tr), tr.t('doc.iqOq.present')),
          row(tr.t('doc.iqOq.environment'), tr.t('doc.iqOq.environmentExpected')),
        ],
      },
      {
        title: tr.t('doc.iqOq.oq'),
        columns,
        rows: [
          row(tr.t('doc.iqOq.selfTest'), tr.t('doc.iqOq.selfTestExpected')),
          row(tr.t('doc.iqOq.softwareMatches'), instrument.softwareVersion ?? tr.t('doc.iqOq.asOnCertificate')),
          row(tr.t('doc.iqOq.rateCheck'), tr.t('doc.iqOq.rateExpected', { limit: num(test.rateLimitPercent) })),
          row(
            tr.t('doc.iqOq.volumeCheck'),
            tr.t('doc.iqOq.volumeExpected', {
              low: num(band.low),
              high: num(band.high),
              nominal: num(test.nominalVolumeMl),
            }),
          ),
        ],
      },
    ],
    sections: [
      {
        title: tr.t('doc.iqOq.signOff'),
        lines: [tr.t('doc.iqOq.performedBy'), tr.t('doc.iqOq.approvedBy'), tr.t('doc.iqOq.deviations')],
      },
    ],
  };
}
