import { useQuery } from '@tanstack/react-query';
import { Collapse } from 'antd-mobile';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ComingSoonState } from '../../components/ui/coming-soon-state';
import { PageHeader } from '../../components/ui/page-header';
import { PageSkeleton } from '../../components/ui/page-skeleton';
import { Paragraphs } from '../../components/ui/paragraphs';
import { useAppStore } from '../../lib/stores/app-store';
import { faqQuery } from './api/content-queries';
import './content.css';

/** FAQ (/pages/common/faq): questions that open to their answers. */
export function FaqPage() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data: items = [], isPending } = useQuery(faqQuery(lang));
  return (
    <>
      <PageHeader title={t('content:faq.title')} back />
      {isPending && <PageSkeleton />}
      {!isPending && items.length === 0 && (
        <ComingSoonState
          icon={<QuestionCircleOutline />}
          title={t('content:faq.title')}
          body={t('content:empty')}
        />
      )}
      {items.length > 0 && (
        <div className="page-body">
          <Collapse accordion className="faq-list">
            {items.map((item) => (
              <Collapse.Panel key={String(item.id)} title={item.question}>
                <Paragraphs text={item.answer} />
              </Collapse.Panel>
            ))}
          </Collapse>
        </div>
      )}
    </>
  );
}
