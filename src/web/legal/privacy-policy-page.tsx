import { retentionSentences } from '../../shared/privacy/retention';
import { PageHead } from '../lib/page-head';
import { LegalDocument, type LegalSection } from './legal-document';
import { profileAddressLines } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';

const link = 'font-medium text-accent-700 underline underline-offset-2';

const privacyMail = (
  <a className={link} href={`mailto:${publicProfile().privacyEmail}`}>
    {publicProfile().privacyEmail}
  </a>
);

/** Privacy policy, version 1.0: the 17 sections of accounts-and-admin spec section 2. */
const sections: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: (
      <p>
        This policy explains what personal data {publicProfile().legalName} collects when you visit this website, ask
        for a quote, place an order or create an account, why we collect it, how long we keep it and the rights you
        have. We collect only what we need to sell and support our instruments.
      </p>
    ),
  },
  {
    id: 'data-controller',
    title: 'Data controller',
    body: (
      <p>
        The data controller is {publicProfile().legalName}, registered in {publicProfile().registeredIn} under company
        number {publicProfile().companyNumber}, of {profileAddressLines(publicProfile().tradingAddress).join(', ')}. For
        anything about your data, write to {privacyMail}.
      </p>
    ),
  },
  {
    id: 'information-collected',
    title: 'Information we collect',
    body: (
      <>
        <p>We collect:</p>
        <ul>
          <li>contact details you give us: name, e-mail address, phone number, organisation and job details;</li>
          <li>billing and delivery addresses, your instrument configuration, quotes, orders, invoices and payments;</li>
          <li>
            the VAT and EORI numbers you give us with an order and, for the VAT number, what the registry that issued it
            says of it: whether it is valid, the registered name and address, the date and a consultation number;
          </li>
          <li>
            account details: your e-mail address, a securely hashed password and, if you use one, your second-factor
            enrolment;
          </li>
          <li>messages you send us and notes of support requests;</li>
          <li>
            technical data needed to run the site securely: IP address, browser type and the pages requested, kept in
            server logs.
          </li>
        </ul>
        <p>We do not collect payment card details, and we do not ask for special category data.</p>
      </>
    ),
  },
  {
    id: 'legal-basis',
    title: 'Legal basis for processing',
    body: (
      <ul>
        <li>Contract: to prepare quotes, take and fulfil orders, provide your account, warranty and servicing.</li>
        <li>
          Legal obligation: to keep accounting and tax records and to meet product safety duties, including the evidence
          that a customer’s VAT number was valid when we did not charge UK VAT.
        </li>
        <li>
          Legitimate interests: to secure the site, prevent fraud, follow up an unfinished quote or order, and improve
          our products.
        </li>
        <li>Consent: to send you marketing e-mails; you can withdraw consent at any time.</li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use your information',
    body: (
      <p>
        We use your data to answer enquiries, produce and send quotes, process and deliver orders, invoice deposits and
        balances, provide warranty service and support, manage your account and its security, and, if you agreed, send
        you news about our products. We do not make decisions about you by automated means alone.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing your information',
    body: (
      <>
        <p>
          We never sell your data. We share it only with those who help us run our business, under contract and for the
          purposes above:
        </p>
        <ul>
          <li>couriers and freight forwarders, to deliver your order;</li>
          <li>our hosting, e-mail and IT service providers;</li>
          <li>our accountants, auditors and professional advisers;</li>
          <li>
            the European Commission’s VIES service (for an EU or Northern Ireland VAT number) or HMRC’s “Check a UK VAT
            number” service (for a GB number): the VAT number you gave us, with ours, to confirm that it is registered.
            We keep their answer with your order, for as long as the order’s records;
          </li>
          <li>authorities such as HMRC, where the law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    body: (
      <p>
        We store data in the United Kingdom and the European Economic Area. When we deliver to the EU, delivery details
        go to the carrier in the destination country. Any transfer outside the UK and EEA is protected by an adequacy
        decision or by standard contractual clauses approved for that purpose.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep your information',
    body: (
      <ul>
        <li>{retentionSentences.financial}</li>
        <li>
          Marketing preferences and contact details used for marketing: until you opt out, or after 3 years without any
          contact from you, whichever comes first.
        </li>
        <li>{retentionSentences.shortLived}</li>
        <li>
          Your account: until you close it (My Account, Settings) or ask us to, after which order records are kept as
          above and everything else is deleted at once.
        </li>
      </ul>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected;</li>
          <li>have your data erased where we no longer need it;</li>
          <li>restrict or object to our processing, including objecting to marketing at any time;</li>
          <li>receive your data in a portable format;</li>
          <li>withdraw consent where we rely on it.</li>
        </ul>
        <p>
          With an account you can download your data and close your account yourself in My Account, Settings.{' '}
          {retentionSentences.export} Otherwise, or to use any other right, write to {privacyMail}. We reply within one
          month and do not charge for this.
        </p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Data travels over encrypted connections. Passwords are stored only as salted hashes, administrators must use a
        second factor, and access to customer data is limited to the staff who need it. If a breach puts your data at
        risk, we will tell you and the regulator as the law requires.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: (
      <>
        <p>
          We use one strictly necessary cookie, which keeps you signed in to your account. We do not use analytics,
          advertising or tracking cookies, and no third-party scripts run on this site.
        </p>
        <p>
          The map on our contact page is served by OpenStreetMap (the OpenStreetMap Foundation), which receives your IP
          address when the map loads. Our product videos are served from this site; no video host receives your data.
        </p>
      </>
    ),
  },
  {
    id: 'marketing',
    title: 'Marketing',
    body: (
      <p>
        We send marketing e-mails only if you agreed to receive them. Every message has an unsubscribe link, and you can
        also opt out by writing to {privacyMail}. Service messages about your quotes, orders and account are not
        marketing and are always sent.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        Our products are sold to professionals. You must be 18 or over to create an account, ask for a quote or place an
        order, and we do not knowingly collect data about anyone under 18.
      </p>
    ),
  },
  {
    id: 'third-party-links',
    title: 'Third-party links',
    body: (
      <p>
        This site links to other websites, such as the map service. We are not responsible for their content or their
        privacy practices; please read their own policies.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy. The version number and effective date at the top show which version applies; if a
        change matters to how we use your data, we will tell you by e-mail or on this site before it takes effect.
      </p>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are unhappy with how we handle your data, please write to {privacyMail} first: we will respond within 30
        days. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK supervisory
        authority, at ico.org.uk or on 0303 123 1113.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <p>
        {publicProfile().legalName}, {profileAddressLines(publicProfile().tradingAddress).join(', ')}. E-mail{' '}
        {privacyMail}, or call {publicProfile().phone} ({publicProfile().officeHours}).
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <>
      <PageHead
        title={`Privacy Policy | ${publicProfile().tradingName}`}
        description={`How ${publicProfile().legalName} collects, uses, shares and keeps personal data, and your rights under UK data protection law.`}
      />
      <LegalDocument
        title="Privacy Policy"
        version="1.0"
        effectiveDate="26 June 2025"
        back={{ to: '/', label: 'Back to Home' }}
        intro={
          <p>Your privacy matters to us. This policy sets out, in plain terms, how we handle your personal data.</p>
        }
        sections={sections}
      />
    </>
  );
}
