import { useQuery } from '@tanstack/react-query';
import { FileWrongOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { Paragraphs } from '../../components/ui/paragraphs';
import { assetUrl, formatDate } from '../../lib/format';
import { appRoutes } from '../../lib/navigation';
import { useAppStore } from '../../lib/stores/app-store';
import { articleQuery } from './api/content-queries';
import './content.css';

function parseId(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An announcement or banner article (/pages/common/article?id=). */
export function ArticlePage() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const [searchParams] = useSearchParams();
  const id = parseId(searchParams.get('id'));
  const { data: article, isPending } = useQuery({ ...articleQuery(id ?? 0, lang), enabled: id !== null });

  let body: ReactNode;
  if (id !== null && isPending) {
    body = <PageSkeleton />;
  } else if (!article) {
    body = (
      <ComingSoonState
        icon={<FileWrongOutline />}
        title={t('content:article.missingTitle')}
        body={t('content:article.missingBody')}
      >
        <Link className="fx-button" to={appRoutes.home}>
          {t('common:actions.backHome')}
        </Link>
      </ComingSoonState>
    );
  } else {
    const image = assetUrl(article.thumbnail);
    body = (
      <article className="content-article">
        <h1 className="content-title">{article.title}</h1>
        <p className="content-meta">{formatDate(article.create_time, lang)}</p>
        {image && <img className="content-image" src={image} alt="" />}
        <Paragraphs text={article.content || article.summary} />
      </article>
    );
  }
  return (
    <>
      <PageHeader title={t('content:article.header')} back />
      {body}
    </>
  );
}
