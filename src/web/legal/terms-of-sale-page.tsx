import { company } from '../../shared/company';
import { PageHead } from '../lib/page-head';
import { usePublicSettings } from '../lib/get-public-settings';
import { LegalDocument, type LegalSection } from './legal-document';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { profileAddressLines } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';
import { CANCELLATION_FEE_PERCENT, INSPECTION_DAYS, PAYMENT_DAYS, repairTerms, terms } from '../../shared/terms';

const link = 'font-medium text-accent-700 underline underline-offset-2';

/**
 * Terms of sale, version 3.0 (accounts-and-admin spec, sections 2, 4 and 9). The quote-validity
 * period and the standard warranty are the shop's settings (docs/decisions/0001-quote-validity.md).
 */
export function TermsOfSalePage() {
  const { autoQuoteExpiry, defaultProductWarranty } = usePublicSettings();
  const quoteDays = `${autoQuoteExpiry} ${autoQuoteExpiry === 1 ? 'day' : 'days'}`;
  const warranty = `${defaultProductWarranty} months`;

  const sections: LegalSection[] = [
    {
      id: 'about',
      title: 'About these terms',
      body: (
        <>
          <p>
            These terms apply to every sale of the {company.productName} instrument, its accessories and servicing by{' '}
            {publicProfile().legalName} (“we”, “us”), a company registered in {publicProfile().registeredIn} under
            number {publicProfile().companyNumber}, to you, the customer named on the quote or order.
          </p>
          <p>
            They are written for laboratories and organisations buying for professional use. If you buy as a consumer,
            nothing in these terms affects your statutory rights.
          </p>
        </>
      ),
    },
    {
      id: 'quotes',
      title: 'Quotes',
      body: (
        <>
          <p>
            A quote is an invitation to order, not an offer, and it is not binding on either of us. Each quote states
            its own expiry date: a quote is valid for <strong data-testid="quote-validity">{quoteDays}</strong> from the
            date it is issued.
          </p>
          <p>
            Prices shown in the online configurator are our current prices; only a quote holds them, for the period
            above. We may correct obvious errors in a quote at any time before we confirm an order.
          </p>
        </>
      ),
    },
    {
      id: 'orders',
      title: 'Orders and contract formation',
      body: (
        <>
          <p>
            When you place an order, online or in writing, you make an offer to buy on these terms. A contract is formed
            only when we send you a written order confirmation. We may decline an order, for example where we cannot
            deliver to your country.
          </p>
          <p>
            Please check the configuration, quantities and delivery address in the confirmation and tell us at once if
            anything is wrong.
          </p>
        </>
      ),
    },
    {
      id: 'prices',
      title: 'Prices and taxes',
      body: (
        <>
          <p>
            For customers in the United Kingdom, prices include VAT at the current rate and delivery is duty paid. For
            customers in the European Union, prices exclude VAT, import duties and local taxes, which you pay on
            delivery under the rules of your country.
          </p>
          <p>Shipping, servicing and accessories are shown as separate lines in your quote or order.</p>
          <p>{terms.vatNumberCheck}</p>
        </>
      ),
    },
    {
      id: 'price-adjustments',
      title: 'Price adjustments',
      body: (
        <>
          <p>Before we confirm your order, we may adjust the quoted price if:</p>
          <ul>
            <li>the cost of components rises by more than 10% since the quote was issued;</li>
            <li>the exchange rate between the pound and the quote’s currency moves by more than 5%; or</li>
            <li>the quote has expired ({quoteDays} after it was issued).</li>
          </ul>
          <p>
            We will tell you the new price in writing and explain why. You may then accept it or withdraw your order
            without any charge. The price in a confirmed order does not change.
          </p>
        </>
      ),
    },
    {
      id: 'payment',
      title: 'Deposit, balance and payment',
      body: (
        <>
          <p>
            {terms.deposit({ depositPercent: DEPOSIT_PERCENT, depositDueDays: PAYMENT_DAYS })} We start manufacturing
            your instrument only after the deposit has cleared.
          </p>
          <p>
            The balance (the total less the deposit) is invoiced when your instrument is ready to ship and must be paid
            before we dispatch it. You pay in the currency of the invoice (GBP for the United Kingdom, EUR for the
            European Union), by bank transfer into our account in that currency shown on the invoice. Card payment is
            not yet available.
          </p>
        </>
      ),
    },
    {
      id: 'late-payment',
      title: 'Late payment',
      body: (
        <p>
          If an invoice is not paid by its due date, we may charge interest on the overdue amount at 8% a year above the
          Bank of England base rate, from the due date until payment, and we may hold dispatch until the overdue amount
          is paid.
        </p>
      ),
    },
    {
      id: 'cancellation',
      title: 'Cancellation',
      body: (
        <>
          <p>You may cancel a confirmed order by writing to us. What you pay depends on how far the order has gone:</p>
          <ul>
            <li>
              before manufacture of your instrument has started: we refund your deposit less an administration fee of{' '}
              {CANCELLATION_FEE_PERCENT}%;
            </li>
            <li>after manufacture has started: the deposit is forfeited;</li>
            <li>after we have issued the balance invoice: 100% of the order total is payable.</li>
          </ul>
          <p>
            A repair of your instrument (an order made from a repair quote) has no deposit. {repairTerms.cancellation}
          </p>
        </>
      ),
    },
    {
      id: 'delivery',
      title: 'Delivery, risk and ownership',
      body: (
        <>
          <p>
            We deliver to the United Kingdom and to the European Union only. Deliveries in the UK are made Delivered
            Duty Paid (DDP); international deliveries are made Delivered At Place (DAP), with import duties and taxes
            payable by you (Incoterms 2020).
          </p>
          <p>
            Lead times depend on the production batch and the date of your order; the date in your confirmation is our
            best estimate. Risk passes to you on delivery. Ownership passes to you when we have received payment in
            full.
          </p>
        </>
      ),
    },
    {
      id: 'inspection',
      title: 'Inspection on delivery',
      body: (
        <p>
          Please inspect the goods within {INSPECTION_DAYS} days of delivery and tell us in writing of any damage in
          transit, shortage or visible defect within that time, with photographs where possible. Goods not reported
          within {INSPECTION_DAYS} days are treated as accepted, without affecting your warranty for hidden defects.
        </p>
      ),
    },
    {
      id: 'warranty',
      title: 'Warranty',
      body: (
        <>
          <p>
            The instrument is covered by a standard warranty of{' '}
            <strong data-testid="warranty-period">{warranty}</strong> from the date of delivery against defects in
            materials and workmanship. A servicing plan of one, two or three years extends the warranty to the length of
            the plan.
          </p>
          <p>
            Servicing under a plan, and the warranty checks that go with it, take place within a service window of 30
            days before or after each anniversary of delivery. Please book your service within that window.
          </p>
          <p>
            Tell us of a warranty claim within 30 days of finding the defect. We will repair or replace the defective
            part or, if neither is practical, refund the price of the affected item. The warranty does not cover
            consumables, normal wear, damage from misuse, accidents, or repairs or modifications not made by us.
          </p>
        </>
      ),
    },
    {
      id: 'returns',
      title: 'Returns (RMA)',
      body: (
        <p>
          Before returning anything, contact{' '}
          <a className={link} href={`mailto:${publicProfile().supportEmail}`}>
            {publicProfile().supportEmail}
          </a>{' '}
          for a Return Material Authorisation (RMA) number and instructions. Returns must be decontaminated, packed
          securely and marked with the RMA number; we may refuse returns sent without one. We pay return shipping for
          valid warranty claims.
        </p>
      ),
    },
    {
      id: 'liability',
      title: 'Limitation of liability',
      body: (
        <>
          <p>
            Our total liability under or in connection with a contract is limited to the price paid for the goods and
            services under that contract. We are not liable for loss of profit, revenue, data, samples or research
            results, or for any indirect or consequential loss.
          </p>
          <p>
            Nothing in these terms limits liability for death or personal injury caused by negligence, for fraud, or for
            anything else that cannot be limited by law.
          </p>
        </>
      ),
    },
    {
      id: 'force-majeure',
      title: 'Events outside our control',
      body: (
        <p>
          We are not responsible for delay or failure caused by events outside our reasonable control, such as supply
          shortages, transport disruption, industrial action or natural events. We will tell you promptly and keep the
          delay as short as we can; if it lasts more than 90 days, either of us may cancel the affected order and any
          payment for undelivered goods will be refunded.
        </p>
      ),
    },
    {
      id: 'disputes',
      title: 'Dispute resolution',
      body: (
        <>
          <p>If a dispute arises, please contact us first: we will try to resolve it with you in good faith.</p>
          <ul>
            <li>If it is not resolved within 30 days, either of us may refer it to mediation.</li>
            <li>
              A dispute with a value under £250,000 that mediation does not resolve is settled by arbitration by a
              single arbitrator, seated in England.
            </li>
            <li>Other disputes are decided by the courts named in section 16.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'law',
      title: 'Governing law',
      body: (
        <p>
          These terms and any contract under them are governed by the law of England and Wales. Subject to section 15,
          the courts of England and Wales have exclusive jurisdiction.
        </p>
      ),
    },
    {
      id: 'general',
      title: 'General and contact',
      body: (
        <>
          <p>
            These terms, with our quote and order confirmation, are the whole agreement between us. If any part is found
            invalid, the rest remains in force. We may update these terms; the version in force when we confirm your
            order applies to it.
          </p>
          <p>
            Questions about these terms: {publicProfile().legalName},{' '}
            {profileAddressLines(publicProfile().tradingAddress).join(', ')};{' '}
            <a className={link} href={`mailto:${publicProfile().salesEmail}`}>
              {publicProfile().salesEmail}
            </a>
            ; {publicProfile().phone}.
          </p>
        </>
      ),
    },
  ];

  return (
    <>
      <PageHead
        title={`Terms of Sale | ${publicProfile().tradingName}`}
        description={`The terms on which ${publicProfile().legalName} sells the ${company.productName} instrument: quotes, orders, deposit, delivery, warranty, returns and disputes.`}
      />
      <LegalDocument
        title="Terms of Sale"
        version="3.0"
        effectiveDate="26 June 2025"
        back={{ to: '/configure', label: 'Back to Configuration' }}
        intro={
          <p>
            These terms explain how a quote becomes an order, what you pay and when, how we deliver, and what we do if
            something goes wrong. Please read them before you order.
          </p>
        }
        sections={sections}
      />
    </>
  );
}
