import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { Container } from '../ui/container';
import { LanguageSwitch } from '../i18n/language-switch';
import { Logo } from './logo';
import { footerQuickLinks } from './nav-links';
import { profileAddressLines } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';
import { type PageText, useT } from '../i18n/use-t';

/** The registration line in the page's language, the registered place too ("eingetragen in England und Wales"). */
function registration({ t, language }: PageText) {
  const profile = publicProfile();
  return t(
    'footer.registration',
    '{legalName}. Registered in {registeredIn}, company number {companyNumber}. VAT {vatNumber}.',
    {
      legalName: profile.legalName,
      registeredIn:
        language === 'de' ? profile.registeredInDe : language === 'fr' ? profile.registeredInFr : profile.registeredIn,
      companyNumber: profile.companyNumber,
      vatNumber: profile.vatNumber,
    },
  );
}

export function SiteFooter() {
  const text = useT();
  const { t } = text;
  return (
    <footer className="border-t border-navy-100 bg-navy-50">
      <Container className="grid gap-10 py-12 md:grid-cols-12">
        <div className="md:col-span-5">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-navy-700">
            {t('company.tagline', 'Sterile, controlled-rate, drop-wise addition of media, hands-free.')}
          </p>
        </div>
        <nav aria-label={t('footer.quickLinks', 'Quick links')} className="md:col-span-3">
          <h2 className="text-sm font-semibold text-navy-900">{t('footer.quickLinks', 'Quick links')}</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerQuickLinks(text).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-navy-700 hover:text-navy-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="md:col-span-4">
          <h2 className="text-sm font-semibold text-navy-900">{t('footer.contactSales', 'Contact sales')}</h2>
          <ul className="mt-3 space-y-3 text-sm text-navy-700">
            <li className="flex items-start gap-2">
              <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={publicProfile().phoneHref} className="hover:text-navy-900 hover:underline">
                {publicProfile().phone}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <a href={`mailto:${publicProfile().salesEmail}`} className="hover:text-navy-900 hover:underline">
                {publicProfile().salesEmail}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <address className="not-italic">
                {profileAddressLines(publicProfile().tradingAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-navy-100">
        <Container className="flex flex-col gap-2 py-6 text-xs text-navy-600 md:flex-row md:items-center md:justify-between">
          <p>
            © {publicProfile().foundedYear}-{new Date().getFullYear()} {registration(text)}
          </p>
          <p className="flex flex-wrap items-center gap-4">
            <LanguageSwitch />
            <Link to="/privacy-policy" className="hover:text-navy-900 hover:underline">
              {t('footer.privacy', 'Privacy policy')}
            </Link>
            <Link to="/terms-of-sale" className="hover:text-navy-900 hover:underline">
              {t('footer.terms', 'Terms of sale')}
            </Link>
            <Link to="/supplier-pack" className="hover:text-navy-900 hover:underline">
              {t('footer.supplierPack', 'Supplier pack')}
            </Link>
          </p>
        </Container>
      </div>
    </footer>
  );
}
