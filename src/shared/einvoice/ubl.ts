import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { decimal, percent } from './cii';
import { type EInvoice, type EInvoiceAddress, type EInvoiceParty, XML_OPTIONS } from './einvoice-model';

/**
 * The OASIS UBL 2.1 Invoice or CreditNote of an EN 16931 model: Peppol BIS Billing 3.0, or XRechnung
 * (the same syntax with KoSIT's CustomizationID, which needs BT-10). Elements follow the schema's sequence.
 */

export type UblFlavour = 'peppol' | 'xrechnung';

export const UBL_CUSTOMIZATION: Record<UblFlavour, string> = {
  peppol: 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0',
  xrechnung: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
};
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';

const ns = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

function address(parent: XMLBuilder, element: string, value: EInvoiceAddress) {
  const node = parent.ele(element);
  const [one, two, ...rest] = value.lines;
  if (one) node.ele('cbc:StreetName').txt(one);
  if (two) node.ele('cbc:AdditionalStreetName').txt(two);
  if (value.city) node.ele('cbc:CityName').txt(value.city);
  if (value.postalCode) node.ele('cbc:PostalZone').txt(value.postalCode);
  if (value.region) node.ele('cbc:CountrySubentity').txt(value.region);
  if (rest.length > 0) node.ele('cac:AddressLine').ele('cbc:Line').txt(rest.join(', '));
  node.ele('cac:Country').ele('cbc:IdentificationCode').txt(value.countryCode);
}

function party(parent: XMLBuilder, element: string, value: EInvoiceParty) {
  const node = parent.ele(element).ele('cac:Party');
  if (value.peppolId) node.ele('cbc:EndpointID', { schemeID: value.peppolId.scheme }).txt(value.peppolId.id);
  else if (value.email) node.ele('cbc:EndpointID', { schemeID: 'EM' }).txt(value.email);
  if (value.identifier)
    node.ele('cac:PartyIdentification').ele('cbc:ID', { schemeID: value.identifier.scheme }).txt(value.identifier.id);
  if (value.tradingName) node.ele('cac:PartyName').ele('cbc:Name').txt(value.tradingName);
  address(node, 'cac:PostalAddress', value.address);
  if (value.vatId) {
    const scheme = node.ele('cac:PartyTaxScheme');
    scheme.ele('cbc:CompanyID').txt(value.vatId);
    scheme.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');
  }
  const legal = node.ele('cac:PartyLegalEntity');
  legal.ele('cbc:RegistrationName').txt(value.name);
  if (value.legalId)
    legal.ele('cbc:CompanyID', value.legalIdScheme ? { schemeID: value.legalIdScheme } : {}).txt(value.legalId);
  if (value.contact) {
    const contact = node.ele('cac:Contact');
    if (value.contact.name) contact.ele('cbc:Name').txt(value.contact.name);
    if (value.contact.phone) contact.ele('cbc:Telephone').txt(value.contact.phone);
    if (value.contact.email) contact.ele('cbc:ElectronicMail').txt(value.contact.email);
  }
}

const taxScheme = (parent: XMLBuilder) => parent.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT');

/** The UBL XML of an e-invoice: an Invoice, or a CreditNote for a credit note. */
export function toUbl(invoice: EInvoice, flavour: UblFlavour = 'peppol'): string {
  const credit = invoice.kind === 'credit_note';
  const root = create(XML_OPTIONS).ele(credit ? ns.creditNote : ns.invoice, credit ? 'CreditNote' : 'Invoice', {
    'xmlns:cac': ns.cac,
    'xmlns:cbc': ns.cbc,
  });
  const amount = (parent: XMLBuilder, element: string, minor: number) =>
    parent.ele(element, { currencyID: invoice.currency }).txt(decimal(minor));

  root.ele('cbc:CustomizationID').txt(UBL_CUSTOMIZATION[flavour]);
  root.ele('cbc:ProfileID').txt(PEPPOL_PROFILE);
  root.ele('cbc:ID').txt(invoice.number);
  root.ele('cbc:IssueDate').txt(invoice.issueDate);
  if (!credit && invoice.dueDate) root.ele('cbc:DueDate').txt(invoice.dueDate);
  root.ele(credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode').txt(invoice.typeCode);
  for (const note of invoice.notes) root.ele('cbc:Note').txt(note);
  root.ele('cbc:DocumentCurrencyCode').txt(invoice.currency);
  if (invoice.buyerReference) root.ele('cbc:BuyerReference').txt(invoice.buyerReference);
  const order = root.ele('cac:OrderReference');
  // BT-13 is the reference's ID, required by the syntax: "NA" where the buyer gave no PO (Peppol's rule).
  order.ele('cbc:ID').txt(invoice.purchaseOrder ?? 'NA');
  order.ele('cbc:SalesOrderID').txt(invoice.salesOrder);
  if (invoice.preceding) {
    const reference = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference');
    reference.ele('cbc:ID').txt(invoice.preceding.number);
    if (invoice.preceding.issueDate) reference.ele('cbc:IssueDate').txt(invoice.preceding.issueDate);
  }
  party(root, 'cac:AccountingSupplierParty', invoice.seller);
  party(root, 'cac:AccountingCustomerParty', invoice.buyer);
  if (invoice.deliverTo) {
    const delivery = root.ele('cac:Delivery');
    address(delivery.ele('cac:DeliveryLocation'), 'cac:Address', invoice.deliverTo.address);
    if (invoice.deliverTo.name)
      delivery.ele('cac:DeliveryParty').ele('cac:PartyName').ele('cbc:Name').txt(invoice.deliverTo.name);
  }
  if (invoice.payment) {
    const means = root.ele('cac:PaymentMeans');
    means.ele('cbc:PaymentMeansCode').txt(invoice.payment.meansCode);
    means.ele('cbc:PaymentID').txt(invoice.payment.reference);
    if (invoice.payment.accountId) {
      const account = means.ele('cac:PayeeFinancialAccount');
      account.ele('cbc:ID').txt(invoice.payment.accountId);
      if (invoice.payment.accountName) account.ele('cbc:Name').txt(invoice.payment.accountName);
      if (invoice.payment.providerId)
        account.ele('cac:FinancialInstitutionBranch').ele('cbc:ID').txt(invoice.payment.providerId);
    }
  }
  if (invoice.paymentTerms) root.ele('cac:PaymentTerms').ele('cbc:Note').txt(invoice.paymentTerms);
  const taxTotal = root.ele('cac:TaxTotal');
  amount(taxTotal, 'cbc:TaxAmount', invoice.totals.vat);
  for (const entry of invoice.vat) {
    const subtotal = taxTotal.ele('cac:TaxSubtotal');
    amount(subtotal, 'cbc:TaxableAmount', entry.basis);
    amount(subtotal, 'cbc:TaxAmount', entry.vat);
    const category = subtotal.ele('cac:TaxCategory');
    category.ele('cbc:ID').txt(entry.category);
    category.ele('cbc:Percent').txt(percent(entry.rate));
    if (entry.exemptionReasonCode) category.ele('cbc:TaxExemptionReasonCode').txt(entry.exemptionReasonCode);
    if (entry.exemptionReason) category.ele('cbc:TaxExemptionReason').txt(entry.exemptionReason);
    taxScheme(category);
  }
  const totals = root.ele('cac:LegalMonetaryTotal');
  amount(totals, 'cbc:LineExtensionAmount', invoice.totals.lineNet);
  amount(totals, 'cbc:TaxExclusiveAmount', invoice.totals.taxExclusive);
  amount(totals, 'cbc:TaxInclusiveAmount', invoice.totals.taxInclusive);
  if (invoice.totals.prepaid !== 0) amount(totals, 'cbc:PrepaidAmount', invoice.totals.prepaid);
  amount(totals, 'cbc:PayableAmount', invoice.totals.payable);
  for (const line of invoice.lines) {
    const node = root.ele(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine');
    node.ele('cbc:ID').txt(line.id);
    if (line.note) node.ele('cbc:Note').txt(line.note);
    node.ele(credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity', { unitCode: 'C62' }).txt(String(line.quantity));
    amount(node, 'cbc:LineExtensionAmount', line.net);
    const item = node.ele('cac:Item');
    item.ele('cbc:Name').txt(line.name);
    const category = item.ele('cac:ClassifiedTaxCategory');
    category.ele('cbc:ID').txt(line.category);
    category.ele('cbc:Percent').txt(percent(line.rate));
    taxScheme(category);
    const price = node.ele('cac:Price');
    amount(price, 'cbc:PriceAmount', line.unitPrice);
    if ((line.baseQuantity ?? 1) !== 1)
      price.ele('cbc:BaseQuantity', { unitCode: 'C62' }).txt(String(line.baseQuantity));
  }
  return root.end({ prettyPrint: true });
}
