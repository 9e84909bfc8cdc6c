import type { IeoProject } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { PageHeader } from '../../components/ui/page-header';
import { useAppStore } from '../../lib/stores/app-store';
import { useDateTimeToMinute } from '../../lib/use-date-time';
import { projectListQuery } from './api/ieo-api';
import { Countdown, ProgressBar, StateChip, useServerNow } from './components/ieo-parts';
import { ieoPaths, stateAt } from './ieo-rules';
import './ieo.css';

/** /pages/ieo/ieo: every project with its state, countdown, price and progress. */
export function IeoListPage() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const query = useQuery(projectListQuery(lang));
  const list = query.data?.list ?? [];
  const nowMs = useServerNow(list[0], query.dataUpdatedAt);
  return (
    <div className="ieo-page">
      <PageHeader
        back
        title={t('ieo:title')}
        right={
          <Link
            className="icon-button"
            to={ieoPaths.orders}
            aria-label={t('ieo:mySubscriptions')}
            data-testid="ieo-my-orders"
          >
            <FileOutline fontSize={21} />
          </Link>
        }
      />
      <div className="ieo-body">
        {query.isPending ? (
          <ul className="card-list" aria-busy="true">
            {[0, 1].map((index) => (
              <li key={index} className="skeleton ieo-card-skeleton" />
            ))}
          </ul>
        ) : query.isError ? (
          <div className="ieo-empty" data-testid="ieo-error">
            <p>{t('ieo:loadError')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => void query.refetch()}>
              {t('ieo:retry')}
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className="ieo-empty" data-testid="ieo-empty">
            {t('ieo:empty')}
          </p>
        ) : (
          <ul className="card-list" data-testid="ieo-list">
            {list.map((project) => (
              <ProjectCard key={project.id} project={project} nowMs={nowMs} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ProjectCard({ project, nowMs }: { project: IeoProject; nowMs: number }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  const price = project.prices[0];
  return (
    <li className="card ieo-card" data-testid="ieo-project" data-id={project.id}>
      <Link to={ieoPaths.subscribe(project.id)} className="ieo-card-link">
        <div className="ieo-card-head">
          <CoinIcon code={project.symbol} image={project.logo || null} size={36} />
          <div className="ieo-card-title">
            <strong>{project.name}</strong>
            <span>{project.symbol}</span>
          </div>
          <StateChip state={stateAt(project, nowMs)} />
        </div>
        <Countdown project={project} nowMs={nowMs} />
        <dl className="fx-figures is-compact">
          {price && (
            <div>
              <dt>{t('ieo:price')}</dt>
              <dd>
                {price.price} {price.currency}
              </dd>
            </div>
          )}
          <div>
            <dt>{t('ieo:issuance')}</dt>
            <dd>
              {project.issuance} {project.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:endTime')}</dt>
            <dd>{dateTime(project.ends_at)}</dd>
          </div>
        </dl>
        <ProgressBar project={project} />
      </Link>
    </li>
  );
}
