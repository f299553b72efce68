import { Building2, Clock, Mail, MapPin, Phone, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHead } from '../lib/page-head';
import { Container } from '../ui/container';
import { PageIntro } from './page-intro';
import { profileAddressLines } from '../../shared/business-profile';
import { publicProfile } from '../lib/public-profile';
import { useHydrated } from '../lib/use-hydrated';
import { useT } from '../i18n/use-t';

function Detail({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex gap-4 rounded-xl border border-navy-100 bg-white p-5">
      <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
        {icon}
      </span>
      <div>
        <h2 className="text-sm font-semibold text-navy-900">{title}</h2>
        <div className="mt-1 text-navy-700">{children}</div>
      </div>
    </div>
  );
}

const linkClass = 'font-medium text-accent-700 underline-offset-2 hover:underline';

export function ContactPage() {
  const hydrated = useHydrated();
  const { t, language } = useT();
  const profile = publicProfile();
  // company.responseTime, word for word in English.
  const responseTime = t('contact.responseTime', 'within 24 hours');
  const registeredIn =
    language === 'de' ? profile.registeredInDe : language === 'fr' ? profile.registeredInFr : profile.registeredIn;
  return (
    <>
      <PageHead
        title={t('contact.head.title', 'Contact | {name}', { name: profile.tradingName })}
        description={t(
          'contact.head.description',
          'Contact {name} in {city}, {country}: phone, sales and support e-mail, office hours {hours}; we reply {responseTime}.',
          {
            name: profile.tradingName,
            city: profile.tradingAddress.city,
            country: profile.tradingAddress.country,
            hours: profile.officeHours,
            responseTime,
          },
        )}
      />
      <PageIntro
        eyebrow={t('nav.contact', 'Contact')}
        title={t('contact.title', 'Talk to the people who build the instrument')}
      >
        <p>
          {t(
            'contact.intro',
            'Questions about the instrument, a quote, an order or custom automation: call or write to us and we will reply {responseTime}.',
            { responseTime },
          )}
        </p>
      </PageIntro>
      <Container className="grid gap-10 py-16 md:py-20 lg:grid-cols-12">
        <div className="grid content-start gap-4 sm:grid-cols-2 lg:col-span-5 lg:grid-cols-1">
          <Detail icon={<Phone aria-hidden="true" className="size-5" />} title={t('contact.phone', 'Phone')}>
            <a className={linkClass} href={publicProfile().phoneHref}>
              {publicProfile().phone}
            </a>
          </Detail>
          <Detail icon={<Mail aria-hidden="true" className="size-5" />} title={t('contact.email', 'E-mail')}>
            <p>
              {t('contact.sales', 'Sales:')}{' '}
              <a className={linkClass} href={`mailto:${publicProfile().salesEmail}`}>
                {publicProfile().salesEmail}
              </a>
            </p>
            <p>
              {t('contact.support', 'Support:')}{' '}
              <a className={linkClass} href={`mailto:${publicProfile().supportEmail}`}>
                {publicProfile().supportEmail}
              </a>
            </p>
          </Detail>
          <Detail icon={<Clock aria-hidden="true" className="size-5" />} title={t('contact.hours', 'Office hours')}>
            {publicProfile().officeHours}
          </Detail>
          <Detail
            icon={<Timer aria-hidden="true" className="size-5" />}
            title={t('contact.responseTitle', 'Response time')}
          >
            {t('contact.reply', 'We reply {responseTime}.', { responseTime })}
          </Detail>
          <Detail icon={<MapPin aria-hidden="true" className="size-5" />} title={t('contact.address', 'Address')}>
            <address className="not-italic">
              {publicProfile().legalName}
              {profileAddressLines(publicProfile().tradingAddress).map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          </Detail>
          <Detail
            icon={<Building2 aria-hidden="true" className="size-5" />}
            title={t('contact.registered', 'Registered company')}
          >
            {t(
              'contact.registeredValue',
              '{legalName}, registered in {registeredIn}, company number {companyNumber}. VAT {vatNumber}.',
              {
                legalName: profile.legalName,
                registeredIn,
                companyNumber: profile.companyNumber,
                vatNumber: profile.vatNumber,
              },
            )}
          </Detail>
        </div>
        <figure className="lg:col-span-7">
          {/*
            The map comes from another host. Beneath it sits the address with a link to the map, seen
            while the map loads and whenever its host cannot be reached (a browser cannot tell a
            failed cross-origin frame from a loaded one, so the caption below says it again).
          */}
          <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-navy-100 bg-navy-50">
            <div
              data-testid="map-fallback"
              className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-6 text-center text-navy-700"
            >
              <MapPin aria-hidden="true" className="size-8 text-accent-700" />
              <address className="not-italic">
                {publicProfile().legalName}
                {profileAddressLines(publicProfile().tradingAddress).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
              <a className={linkClass} href={publicProfile().mapLinkUrl} target="_blank" rel="noopener noreferrer">
                {t('contact.openMap', 'Open the map')}
                <span className="sr-only"> {t('common.opensInNewTab', '(opens in a new tab)')}</span>
              </a>
            </div>
            {/*
              Added once the page's own code runs, after its first paint: the frame opens a connection
              to another host, which on a phone's connection held the first paint of the whole page
              back by 0.7 s (Lighthouse, issue 27). Its box is reserved above, so nothing moves.
            */}
            {hydrated && publicProfile().mapEmbedUrl !== '' && (
              <iframe
                title={t('contact.mapTitle', 'Map showing the {name} office in {city}', {
                  name: profile.tradingName,
                  city: profile.tradingAddress.city,
                })}
                src={publicProfile().mapEmbedUrl}
                width={800}
                height={560}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="absolute inset-0 block size-full border-0"
              />
            )}
          </div>
          <figcaption className="mt-3 text-sm text-navy-600">
            {publicProfile().legalName}, {profileAddressLines(publicProfile().tradingAddress).join(', ')}.{' '}
            {t('contact.mapData', 'Map data © OpenStreetMap contributors.')}{' '}
            <a className={linkClass} href={publicProfile().mapLinkUrl} target="_blank" rel="noopener noreferrer">
              {t('contact.largerMap', 'View a larger map')}
              <span className="sr-only"> {t('common.opensInNewTab', '(opens in a new tab)')}</span>
            </a>
          </figcaption>
        </figure>
      </Container>
    </>
  );
}
