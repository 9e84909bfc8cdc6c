import { useQuery } from '@tanstack/react-query';
import { ContentOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { Paragraphs } from '../../components/ui/paragraphs';
import { useAppStore } from '../../lib/stores/app-store';
import { type ContentSlug, contentPageQuery } from './api/content-queries';
import './content.css';

/** One operator page rendered as text paragraphs under its own title. */
function ContentPage({ slug, fallbackTitle }: { slug: ContentSlug; fallbackTitle: string }) {
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
    </>
  );
}

export function AboutUsPage() {
  const { t } = useTranslation();
  return <ContentPage slug="aboutus" fallbackTitle={t('content:about.title')} />;
}

export function ContactUsPage() {
  const { t } = useTranslation();
  return <ContentPage slug="contactus" fallbackTitle={t('content:contact.title')} />;
}

export function CompliancePage() {
  const { t } = useTranslation();
  return <ContentPage slug="operational_compliance" fallbackTitle={t('content:compliance.title')} />;
}
