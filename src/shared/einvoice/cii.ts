import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { type EInvoice, type EInvoiceAddress, type EInvoiceParty, XML_OPTIONS } from './einvoice-model';

/**
 * The UN/CEFACT Cross Industry Invoice (D16B) of an EN 16931 model, in the Factur-X / ZUGFeRD EN 16931
 * profile (guideline `urn:cen.eu:en16931:2017`): the XML every invoice and credit-note PDF embeds as
 * `factur-x.xml` and the CII download. Elements follow the schema's sequence.
 */

export const FACTURX_EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const ns = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
};

/** Minor units as the XML's decimal amount ("1234.50"), for the two-decimal currencies the shop sells in. */
export const decimal = (minor: number) => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export const percent = (rate: number) => (Number.isInteger(rate) ? `${rate}.00` : rate.toFixed(2));

const compactDate = (iso: string) => iso.replace(/-/g, '');

function address(parent: XMLBuilder, value: EInvoiceAddress) {
  const node = parent.ele('ram:PostalTradeAddress');
  if (value.postalCode) node.ele('ram:PostcodeCode').txt(value.postalCode);
  const [one, two, ...rest] = value.lines;
  if (one) node.ele('ram:LineOne').txt(one);
  if (two) node.ele('ram:LineTwo').txt(two);
  if (rest.length > 0) node.ele('ram:LineThree').txt(rest.join(', '));
  if (value.city) node.ele('ram:CityName').txt(value.city);
  node.ele('ram:CountryID').txt(value.countryCode);
  if (value.region) node.ele('ram:CountrySubDivisionName').txt(value.region);
}

function party(parent: XMLBuilder, element: string, value: EInvoiceParty) {
  const node = parent.ele(element);
  if (value.identifier) node.ele('ram:GlobalID', { schemeID: value.identifier.scheme }).txt(value.identifier.id);
  node.ele('ram:Name').txt(value.name);
  if (value.legalId || value.tradingName) {
    const legal = node.ele('ram:SpecifiedLegalOrganization');
    if (value.legalId)
      legal.ele('ram:ID', value.legalIdScheme ? { schemeID: value.legalIdScheme } : {}).txt(value.legalId);
    if (value.tradingName) legal.ele('ram:TradingBusinessName').txt(value.tradingName);
  }
  if (value.contact) {
    const contact = node.ele('ram:DefinedTradeContact');
    if (value.contact.name) contact.ele('ram:PersonName').txt(value.contact.name);
    if (value.contact.phone)
      contact.ele('ram:TelephoneUniversalCommunication').ele('ram:CompleteNumber').txt(value.contact.phone);
    if (value.contact.email)
      contact.ele('ram:EmailURIUniversalCommunication').ele('ram:URIID').txt(value.contact.email);
  }
  address(node, value.address);
  if (value.peppolId)
    node
      .ele('ram:URIUniversalCommunication')
      .ele('ram:URIID', { schemeID: value.peppolId.scheme })
      .txt(value.peppolId.id);
  else if (value.email) node.ele('ram:URIUniversalCommunication').ele('ram:URIID', { schemeID: 'EM' }).txt(value.email);
  if (value.vatId) node.ele('ram:SpecifiedTaxRegistration').ele('ram:ID', { schemeID: 'VA' }).txt(value.vatId);
}

/** The CII XML of an e-invoice (UTF-8, with its declaration). */
export function toCii(invoice: EInvoice, guideline = FACTURX_EN16931_GUIDELINE): string {
  const root = create(XML_OPTIONS).ele(ns.rsm, 'rsm:CrossIndustryInvoice', {
    'xmlns:ram': ns.ram,
    'xmlns:qdt': ns.qdt,
    'xmlns:udt': ns.udt,
  });
  root
    .ele('rsm:ExchangedDocumentContext')
    .ele('ram:GuidelineSpecifiedDocumentContextParameter')
    .ele('ram:ID')
    .txt(guideline);
  const document = root.ele('rsm:ExchangedDocument');
  document.ele('ram:ID').txt(invoice.number);
  document.ele('ram:TypeCode').txt(invoice.typeCode);
  document.ele('ram:IssueDateTime').ele('udt:DateTimeString', { format: '102' }).txt(compactDate(invoice.issueDate));
  for (const note of invoice.notes) document.ele('ram:IncludedNote').ele('ram:Content').txt(note);

  const transaction = root.ele('rsm:SupplyChainTradeTransaction');
  for (const line of invoice.lines) {
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem');
    const lineDocument = item.ele('ram:AssociatedDocumentLineDocument');
    lineDocument.ele('ram:LineID').txt(line.id);
    if (line.note) lineDocument.ele('ram:IncludedNote').ele('ram:Content').txt(line.note);
    item.ele('ram:SpecifiedTradeProduct').ele('ram:Name').txt(line.name);
    const price = item.ele('ram:SpecifiedLineTradeAgreement').ele('ram:NetPriceProductTradePrice');
    price.ele('ram:ChargeAmount').txt(decimal(line.unitPrice));
    if ((line.baseQuantity ?? 1) !== 1)
      price.ele('ram:BasisQuantity', { unitCode: 'C62' }).txt(String(line.baseQuantity));
    item
      .ele('ram:SpecifiedLineTradeDelivery')
      .ele('ram:BilledQuantity', { unitCode: 'C62' })
      .txt(String(line.quantity));
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement');
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:TypeCode').txt('VAT');
    tax.ele('ram:CategoryCode').txt(line.category);
    tax.ele('ram:RateApplicablePercent').txt(percent(line.rate));
    settlement
      .ele('ram:SpecifiedTradeSettlementLineMonetarySummation')
      .ele('ram:LineTotalAmount')
      .txt(decimal(line.net));
  }

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement');
  if (invoice.buyerReference) agreement.ele('ram:BuyerReference').txt(invoice.buyerReference);
  party(agreement, 'ram:SellerTradeParty', invoice.seller);
  party(agreement, 'ram:BuyerTradeParty', invoice.buyer);
  agreement.ele('ram:SellerOrderReferencedDocument').ele('ram:IssuerAssignedID').txt(invoice.salesOrder);
  if (invoice.purchaseOrder)
    agreement.ele('ram:BuyerOrderReferencedDocument').ele('ram:IssuerAssignedID').txt(invoice.purchaseOrder);

  const delivery = transaction.ele('ram:ApplicableHeaderTradeDelivery');
  if (invoice.deliverTo) {
    const shipTo = delivery.ele('ram:ShipToTradeParty');
    if (invoice.deliverTo.name) shipTo.ele('ram:Name').txt(invoice.deliverTo.name);
    address(shipTo, invoice.deliverTo.address);
  }

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement');
  if (invoice.payment) settlement.ele('ram:PaymentReference').txt(invoice.payment.reference);
  settlement.ele('ram:InvoiceCurrencyCode').txt(invoice.currency);
  if (invoice.payment) {
    const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans');
    means.ele('ram:TypeCode').txt(invoice.payment.meansCode);
    if (invoice.payment.accountId) {
      const account = means.ele('ram:PayeePartyCreditorFinancialAccount');
      account
        .ele(invoice.payment.meansCode === '58' ? 'ram:IBANID' : 'ram:ProprietaryID')
        .txt(invoice.payment.accountId);
      if (invoice.payment.accountName) account.ele('ram:AccountName').txt(invoice.payment.accountName);
    }
    if (invoice.payment.providerId)
      means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution').ele('ram:BICID').txt(invoice.payment.providerId);
  }
  for (const entry of invoice.vat) {
    const tax = settlement.ele('ram:ApplicableTradeTax');
    tax.ele('ram:CalculatedAmount').txt(decimal(entry.vat));
    tax.ele('ram:TypeCode').txt('VAT');
    if (entry.exemptionReason) tax.ele('ram:ExemptionReason').txt(entry.exemptionReason);
    tax.ele('ram:BasisAmount').txt(decimal(entry.basis));
    tax.ele('ram:CategoryCode').txt(entry.category);
    if (entry.exemptionReasonCode) tax.ele('ram:ExemptionReasonCode').txt(entry.exemptionReasonCode);
    tax.ele('ram:RateApplicablePercent').txt(percent(entry.rate));
  }
  if (invoice.paymentTerms || invoice.dueDate) {
    const terms = settlement.ele('ram:SpecifiedTradePaymentTerms');
    if (invoice.paymentTerms) terms.ele('ram:Description').txt(invoice.paymentTerms);
    if (invoice.dueDate)
      terms.ele('ram:DueDateDateTime').ele('udt:DateTimeString', { format: '102' }).txt(compactDate(invoice.dueDate));
  }
  const totals = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation');
  totals.ele('ram:LineTotalAmount').txt(decimal(invoice.totals.lineNet));
  totals.ele('ram:TaxBasisTotalAmount').txt(decimal(invoice.totals.taxExclusive));
  totals.ele('ram:TaxTotalAmount', { currencyID: invoice.currency }).txt(decimal(invoice.totals.vat));
  totals.ele('ram:GrandTotalAmount').txt(decimal(invoice.totals.taxInclusive));
  if (invoice.totals.prepaid !== 0) totals.ele('ram:TotalPrepaidAmount').txt(decimal(invoice.totals.prepaid));
  totals.ele('ram:DuePayableAmount').txt(decimal(invoice.totals.payable));
  if (invoice.preceding) {
    const reference = settlement.ele('ram:InvoiceReferencedDocument');
    reference.ele('ram:IssuerAssignedID').txt(invoice.preceding.number);
    if (invoice.preceding.issueDate)
      reference
        .ele('ram:FormattedIssueDateTime')
        .ele('qdt:DateTimeString', { format: '102' })
        .txt(compactDate(invoice.preceding.issueDate));
  }
  return root.end({ prettyPrint: true });
}
