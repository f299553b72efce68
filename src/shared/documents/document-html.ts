import { escapeHtml as escape } from '../escape-html';
import { formatMoney } from '../money';
import type { BusinessDocument } from './document-model';

/**
 * A document of the shop as a printable HTML page, drawn from the same model as its PDF
 * (server/documents/document-pdf.ts): letterhead, title and meta, parties, priced lines, totals, notes,
 * sections and the registration line. Static HTML and CSS only (the CSP forbids inline scripts);
 * every text is escaped.
 */
export function documentHtml(model: BusinessDocument): string {
  // Issue 40: a German or French document's money in its language's style (Intl), English as always.
  const locale = model.language === 'de' ? 'de-DE' : model.language === 'fr' ? 'fr-FR' : null;
  const format = locale ? new Intl.NumberFormat(locale, { style: 'currency', currency: model.currency }) : null;
  const money = (minor: number) =>
    escape(format ? format.format(minor / 100) : formatMoney(minor, model.currency, { decimals: 2 }));
  const columns = model.columns ?? { item: 'Item', quantity: 'Qty', unitPrice: 'Unit price', amount: 'Amount' };
  const rows = model.lines
    .map(
      (line) =>
        `<tr><td>${escape(line.name)}</td><td class="n">${line.quantity}</td>` +
        `<td class="n">${line.freeLabel ? escape(line.freeLabel) : money(line.unitPrice)}</td>` +
        `<td class="n">${line.freeLabel ? escape(line.freeLabel) : money(line.total)}</td></tr>`,
    )
    .join('');
  const totals = model.totals
    .map(
      (total) =>
        `<tr${total.emphasis ? ' class="total"' : ''}><td colspan="3" class="n">${escape(total.label)}</td>` +
        `<td class="n">${money(total.amount)}</td></tr>`,
    )
    .join('');
  const table =
    model.lines.length > 0
      ? `<table><thead><tr><th>${escape(columns.item)}</th><th class="n">${escape(columns.quantity)}</th><th class="n">${escape(columns.unitPrice)}</th><th class="n">${escape(columns.amount)}</th></tr></thead><tbody>${rows}${totals}</tbody></table>`
      : '';
  const block = (title: string, lines: string[]) =>
    `<h2>${escape(title)}</h2><div>${lines.map((line) => `<p>${escape(line)}</p>`).join('')}</div>`;
  return `<!doctype html>
<html lang="${model.language && model.language !== 'en' ? model.language : 'en-GB'}"><head><meta charset="utf-8"><title>${escape(model.name)}</title>
<style>
  body { font-family: Inter, system-ui, sans-serif; color: #0b1f3a; margin: 32px; font-size: 13px; }
  header { display: flex; justify-content: space-between; gap: 24px; border-bottom: 2px solid #0e7f7e; padding-bottom: 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 15px; margin: 24px 0 8px; } p { margin: 0 0 4px; }
  .muted { color: #3d5f8c; } table { width: 100%; border-collapse: collapse; margin-top: 8px; font-variant-numeric: tabular-nums; }
  th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid #dfe8f3; } th { background: #f1f5fa; }
  .n { text-align: right; } .total td { font-weight: 700; font-size: 15px; } footer { margin-top: 32px; font-size: 11px; }
  .parties { display: flex; gap: 32px; }
</style></head>
<body>
<header>
  <div><h1>${escape(model.issuer.legalName)}</h1><div class="muted">${model.issuer.lines.map(escape).join('<br>')}</div></div>
  <div style="text-align:right"><h1>${escape(model.title)}</h1>
    ${model.meta.map(([label, value]) => `<div>${escape(label)}: <strong>${escape(value)}</strong></div>`).join('\n    ')}</div>
</header>
<div class="parties">${model.parties.map((party) => `<section>${block(party.title, party.lines)}</section>`).join('')}</div>
${table}
${model.notes.map((note) => `<p class="muted">${escape(note)}</p>`).join('\n')}
${model.sections.map((section) => block(section.title, section.lines)).join('\n')}
<footer class="muted">${escape(model.issuer.registration)}</footer>
</body></html>`;
}
