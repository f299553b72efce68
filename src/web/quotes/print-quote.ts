import { company, companyAddressLines, companyRegistrationLine } from '../../shared/company';
import { findCountry } from '../../shared/countries';
import { formatMoney } from '../../shared/money';
import { displayLines } from '../../shared/documents/display-lines';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { formatUkDate } from '../../shared/dates';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character] ?? character,
  );

/** The quotation document printed from the quote page: static HTML and CSS only (the CSP forbids inline scripts). */
export function quoteDocumentHtml(quote: QuoteResource, quoteUrl: string): string {
  const money = (minor: number) => escape(formatMoney(minor, quote.currency, { decimals: 2 }));
  const customer = quote.customerInfo;
  const rows = quote.pricing
    ? displayLines(quote.pricing)
        .map(
          (line) =>
            `<tr><td>${escape(line.name)}</td><td class="n">${line.quantity}</td><td class="n">${line.freeLabel ?? money(line.unitPrice)}</td><td class="n">${line.freeLabel ?? money(line.total)}</td></tr>`,
        )
        .join('')
    : '';
  const totals = quote.pricing?.totals;
  const totalRows = totals
    ? [
        `<tr><td colspan="3" class="n">Subtotal</td><td class="n">${money(totals.subtotal)}</td></tr>`,
        totals.showVAT ? `<tr><td colspan="3" class="n">VAT</td><td class="n">${money(totals.vat)}</td></tr>` : '',
        `<tr class="total"><td colspan="3" class="n">Total</td><td class="n">${money(totals.total)}</td></tr>`,
        `<tr><td colspan="3" class="n">Deposit due on order (${DEPOSIT_PERCENT}%)</td><td class="n">${money(totals.deposit)}</td></tr>`,
      ].join('')
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Quotation ${escape(quote.quoteNumber)}</title>
<style>
  body { font-family: Inter, system-ui, sans-serif; color: #0b1f3a; margin: 32px; font-size: 13px; }
  header { display: flex; justify-content: space-between; gap: 24px; border-bottom: 2px solid #0e7f7e; padding-bottom: 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 24px 0 8px; }
  .muted { color: #3d5f8c; } table { width: 100%; border-collapse: collapse; margin-top: 8px; font-variant-numeric: tabular-nums; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #dfe8f3; } th { background: #f1f5fa; }
  .n { text-align: right; } .total td { font-weight: 700; font-size: 15px; } footer { margin-top: 32px; font-size: 11px; }
</style></head>
<body>
<header>
  <div><h1>${escape(company.legalName)}</h1><div class="muted">${companyAddressLines.map(escape).join('<br>')}<br>${escape(company.phone)} · ${escape(company.salesEmail)}</div></div>
  <div style="text-align:right"><h1>QUOTATION</h1>
    <div>Quote number: <strong>${escape(quote.quoteNumber)}</strong></div>
    <div>Reference: ${escape(quote.reference)}</div>
    <div>Date: ${escape(formatUkDate(quote.createdAt))}</div>
    <div>Valid until: ${quote.validUntil ? escape(formatUkDate(quote.validUntil)) : '-'}</div></div>
</header>
<h2>Prepared for</h2>
<div>${customer ? [`${customer.firstName} ${customer.lastName}`, customer.organization, customer.email, findCountry(customer.country)?.name ?? customer.country].map(escape).join('<br>') : ''}</div>
<h2>Configuration and pricing</h2>
${quote.pricing ? `<table><thead><tr><th>Item</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Amount</th></tr></thead><tbody>${rows}${totalRows}</tbody></table>` : '<p>No pricing information available for this quote.</p>'}
${totals && !totals.showVAT ? '<p class="muted">Prices exclude local VAT/tax, which is due on delivery.</p>' : ''}
<h2>Terms</h2>
<p>A ${DEPOSIT_PERCENT}% deposit is invoiced when the order is placed; the balance is due before dispatch. Delivery DDP for UK customers, DAP for international customers.</p>
<p>View or order online: ${escape(quoteUrl)}</p>
<footer class="muted">${escape(companyRegistrationLine)}</footer>
</body></html>`;
}

/** Opens the quotation in a new window and prints it after 500 ms; a blocked window is only logged. */
export function printQuote(quote: QuoteResource, quoteUrl: string): Window | null {
  const printWindow = window.open('', '_blank');
  if (!printWindow) {
    console.warn('The print window could not be opened');
    return null;
  }
  printWindow.document.open();
  printWindow.document.write(quoteDocumentHtml(quote, quoteUrl));
  printWindow.document.close();
  window.setTimeout(() => {
    printWindow.focus();
    printWindow.print();
  }, 500);
  return printWindow;
}
