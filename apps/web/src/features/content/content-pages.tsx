import { useQuery } from '@tanstack/react-query';
import {
  ChatCheckOutline,
  ContentOutline,
  MessageFill,
  RightOutline,
  TravelOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { Paragraphs } from '../../components/ui/paragraphs';
import { useAppStore } from '../../lib/stores/app-store';
import {
  type ContentSlug,
  type CustomerServiceKeyword,
  contentPageQuery,
  customerServiceLinksQuery,
} from './api/content-queries';
import './content.css';

/** One operator page rendered as text paragraphs under its own title. */
function ContentPage({
  slug,
  fallbackTitle,
  children,
}: {
  slug: ContentSlug;
  fallbackTitle: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data: page, isPending } = useQuery(contentPageQuery(slug, lang));
  const title = page?.title || fallbackTitle;
  return (
    <>
      <PageHeader title={title} back />
      {isPending && <PageSkeleton />}
      {!isPending && !page?.content && (
        <ComingSoonState icon={<ContentOutline />} title={title} body={t('content:empty')} />
      )}
      {page?.content && (
        <article className="content-article">
          <Paragraphs text={page.content} />
        </article>
      )}
      {children}
    </>
  );
}

export function AboutUsPage() {
  const { t } = useTranslation();
  return <ContentPage slug="aboutus" fallbackTitle={t('content:about.title')} />;
}

const customerServiceLabels = {
  kefu_url: 'content:contact.online',
  whatsapp_url: 'content:contact.whatsapp',
  telegram_url: 'content:contact.telegram',
} as const satisfies Record<CustomerServiceKeyword, string>;

/** Icons Home's shortcut grid does not use, so no icon chunk is split off Home's lazy grid. */
const customerServiceIcons: Record<CustomerServiceKeyword, ReactNode> = {
  kefu_url: <ChatCheckOutline />,
  whatsapp_url: <MessageFill />,
  telegram_url: <TravelOutline />,
};

/** The customer-service links the operator configured; those not configured are not shown. */
function CustomerServiceLinks() {
  const { t } = useTranslation();
  const { data: links, isPending } = useQuery(customerServiceLinksQuery());
  if (isPending) return null;
  if (!links || links.length === 0) {
    return (
      <p className="contact-none" data-testid="contact-none">
        {t('content:contact.none')}
      </p>
    );
  }
  return (
    <section className="contact-links" aria-label={t('content:contact.channels')}>
      <ul className="card-list">
        {links.map((link) => (
          <li key={link.keyword}>
            <a
              className="card contact-link"
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`contact-${link.keyword}`}
            >
              <span className="contact-link-icon" aria-hidden="true">
                {customerServiceIcons[link.keyword]}
              </span>
              <span className="contact-link-label">{t(customerServiceLabels[link.keyword])}</span>
              <RightOutline className="contact-link-arrow" aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ContactUsPage() {
  const { t } = useTranslation();
  return (
    <ContentPage slug="contactus" fallbackTitle={t('content:contact.title')}>
      <CustomerServiceLinks />
    </ContentPage>
  );
}

export function CompliancePage() {
  const { t } = useTranslation();
  return <ContentPage slug="operational_compliance" fallbackTitle={t('content:compliance.title')} />;
}
