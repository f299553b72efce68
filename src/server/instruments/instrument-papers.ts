import { and, eq } from 'drizzle-orm';
import {
  declarationOfConformityDocument,
  type InstrumentPaperFacts,
  iqOqProtocolDocument,
  testCertificateDocument,
} from '../../shared/documents/instrument-papers';
import { translator } from '../../shared/i18n/translator';
import type { InstrumentPaperKind } from '../../shared/instruments/instrument-papers';
import { recipientLanguage } from '../accounts/recipient-language';
import { getBusinessProfile } from '../business-profile/profile-service';
import type { Db } from '../db/client';
import {
  instruments,
  instrumentTestCertificates,
  instrumentTestRecords,
  modelDocuments,
  orderItems,
  type orders,
  productConfigurations,
} from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { declarationReady } from '../order-records/order-instruments';
import { getCachedSettings } from '../settings/settings-service';

type OrderRow = typeof orders.$inferSelect;

/** Each paper's drawing and its file name's message (issue 53: the name in the paper's language). */
const draw = {
  test_certificate: { document: testCertificateDocument, filename: 'doc.filename.testCertificate' },
  declaration_of_conformity: {
    document: declarationOfConformityDocument,
    filename: 'doc.filename.declarationOfConformity',
  },
  iq_oq_protocol: { document: iqOqProtocolDocument, filename: 'doc.filename.iqOq' },
} as const;

/**
 * One paper of one of the order's instruments (issue 41, decision 0059), drawn now from the stored
 * test and the settings and business profile in force; null when the unit has no passing test, or
 * for a declaration before staff have entered its legislation. Whoever may read the order's
 * documents may read these (the order documents route decides).
 */
export async function instrumentPaperPdf(
  db: Db,
  order: OrderRow,
  paper: { kind: InstrumentPaperKind; unitIndex: number },
): Promise<{ filename: string; pdf: Buffer; pdfSha256: null } | null> {
  const [found] = await db
    .select({
      instrument: instruments,
      test: instrumentTestCertificates,
      record: {
        filename: instrumentTestRecords.filename,
        sha256: instrumentTestRecords.sha256,
        uploadedAt: instrumentTestRecords.createdAt,
      },
    })
    .from(instruments)
    .innerJoin(instrumentTestCertificates, eq(instrumentTestCertificates.instrumentId, instruments.id))
    .leftJoin(instrumentTestRecords, eq(instrumentTestRecords.id, instrumentTestCertificates.testRecordId))
    .where(and(eq(instruments.orderId, order.id), eq(instruments.unitIndex, paper.unitIndex)));
  if (!found || !found.test.passed) return null;
  const [settings, profile] = await Promise.all([getCachedSettings(db), getBusinessProfile(db)]);
  if (paper.kind === 'declaration_of_conformity' && !declarationReady(settings)) return null;
  const { instrument, test, record } = found;
  const facts: InstrumentPaperFacts = {
    profile,
    instrument: {
      serialNumber: instrument.serialNumber,
      model: instrument.model,
      softwareVersion: instrument.softwareVersion,
      deliveredOn: instrument.deliveredOn,
    },
    order: {
      orderNumber: order.orderNumber,
      poNumber: order.poNumber,
      shippingAddress: order.shippingAddress ?? null,
      billingAddress: order.billingAddress ?? null,
    },
    test: {
      rateAccuracyPercent: test.rateAccuracyPercent,
      volumeDeliveredMl: test.volumeDeliveredMl,
      rateLimitPercent: test.rateLimitPercent,
      nominalVolumeMl: test.nominalVolumeMl,
      volumeLimitPercent: test.volumeLimitPercent,
      testedBy: test.testedBy,
      testedOn: test.testedOn,
      recordedAt: test.createdAt,
      record: record ?? null,
    },
    conformity: {
      ukca: settings.conformityUkcaLegislation,
      ce: settings.conformityCeLegislation,
      standards: settings.conformityStandards,
    },
    // Issue 51: the IQ/OQ protocol asks the lab to check only the papers that exist.
    papers: {
      declaration: declarationReady(settings),
      manual: await hasUserManual(db, order.id),
    },
    // Issue 53: the papers in the order's language.
    language: recipientLanguage(order),
  };
  const { document, filename } = draw[paper.kind];
  return {
    filename: translator(facts.language).t(filename, { serialNumber: instrument.serialNumber }),
    pdf: await renderDocumentPdf(document(facts)),
    pdfSha256: null,
  };
}

/** Issue 51: whether the order's model has a user manual uploaded (the catalogue's model documents). */
async function hasUserManual(db: Db, orderId: string): Promise<boolean> {
  const [manual] = await db
    .select({ id: modelDocuments.id })
    .from(orderItems)
    .innerJoin(productConfigurations, eq(productConfigurations.configId, orderItems.itemId))
    .innerJoin(modelDocuments, eq(modelDocuments.configurationId, productConfigurations.id))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.itemType, 'base_configuration'),
        eq(modelDocuments.kind, 'user_manual'),
      ),
    )
    .limit(1);
  return manual !== undefined;
}
