import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { company } from '../../shared/company';
import { Container } from '../ui/container';
import { LanguageSwitch } from '../i18n/language-switch';
import { Logo } from './logo';
import { footerQuickLinks } from './nav-links';
import { profileAddressLines, registrationLine } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';

export function SiteFooter() {
  return (
    <footer className="border-t border-navy-100 bg-navy-50">
      <Container className="grid gap-10 py-12 md:grid-cols-12">
        <div className="md:col-span-5">
          <Logo />
          <p className="mt-4 max-w-sm text-sm text-navy-700">{company.tagline}</p>
        </div>
        <nav aria-label="Quick links" className="md:col-span-3">
          <h2 className="text-sm font-semibold text-navy-900">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {footerQuickLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-navy-700 hover:text-navy-900 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="md:col-span-4">
          <h2 className="text-sm font-semibold text-navy-900">Contact sales</h2>
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
            © {publicProfile().foundedYear}-{new Date().getFullYear()} {registrationLine(publicProfile())}
          </p>
          <p className="flex flex-wrap items-center gap-4">
            <LanguageSwitch />
            <Link to="/privacy-policy" className="hover:text-navy-900 hover:underline">
              Privacy policy
            </Link>
            <Link to="/terms-of-sale" className="hover:text-navy-900 hover:underline">
              Terms of sale
            </Link>
            <Link to="/supplier-pack" className="hover:text-navy-900 hover:underline">
              Supplier pack
            </Link>
          </p>
        </Container>
      </div>
    </footer>
  );
}
