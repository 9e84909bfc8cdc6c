import type { IeoProject } from '@fairex/contract';
import { fromScaledBigint, toScaledBigint } from '@fairex/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'antd-mobile';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CoinIcon } from '../../components/ui/coin-icon';
import { FormField, TextInput } from '../../components/ui/form-field';
import { PageHeader } from '../../components/ui/page-header';
import { Paragraphs } from '../../components/ui/paragraphs';
import { ApiError } from '../../lib/api-client';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { appRoutes } from '../../lib/navigation';
import { userQueryRoot } from '../../lib/session';
import { useAppStore } from '../../lib/stores/app-store';
import { showToast } from '../../lib/toast';
import { tradePath } from '../../lib/trade-path';
import { useDateTimeToMinute } from '../../lib/use-date-time';
import { myOrdersQuery, projectQuery, spotBalanceQuery, subscribe } from './api/ieo-api';
import { Countdown, ProgressBar, StateChip, useServerNow } from './components/ieo-parts';
import {
  amountProblem,
  ieoPaths,
  oversubscription,
  readProjectId,
  requestedIn,
  stateAt,
  subscriptionCost,
} from './ieo-rules';
import './ieo.css';

/** /pages/ieo/subscribe?id=N: the project's figures, links and rule, and the subscription form. */
export function IeoSubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const projectId = readProjectId(search);
  const lang = useAppStore((state) => state.lang);
  const query = useQuery({ ...projectQuery(projectId ?? 0, lang), enabled: projectId !== null });
  const project = query.data ?? null;
  const nowMs = useServerNow(project, query.dataUpdatedAt);
  return (
    <div className="ieo-page">
      <PageHeader back title={project ? project.name : t('ieo:title')} />
      <div className="ieo-body">
        {projectId === null || (query.isSuccess && project === null) ? (
          <p className="ieo-empty">{t('ieo:notFound')}</p>
        ) : query.isError ? (
          <div className="ieo-empty">
            <p>{t('ieo:loadError')}</p>
            <button type="button" className="fx-button is-secondary" onClick={() => void query.refetch()}>
              {t('ieo:retry')}
            </button>
          </div>
        ) : !project ? (
          <div className="skeleton ieo-detail-skeleton" aria-busy="true" />
        ) : (
          <>
            <ProjectSummary project={project} nowMs={nowMs} />
            {stateAt(project, nowMs) === 'in_progress' ? (
              <SubscribeForm project={project} />
            ) : (
              <Link className="fx-button is-secondary is-block" to={ieoPaths.orders}>
                {t('ieo:mySubscriptions')}
              </Link>
            )}
            <ProjectFigures project={project} />
          </>
        )}
      </div>
    </div>
  );
}

function ProjectSummary({ project, nowMs }: { project: IeoProject; nowMs: number }) {
  const { t } = useTranslation();
  const times = oversubscription(project);
  return (
    <section className="card ieo-card" data-testid="ieo-summary">
      <div className="ieo-card-head">
        <CoinIcon code={project.symbol} image={project.logo || null} size={40} />
        <div className="ieo-card-title">
          <strong>{project.name}</strong>
          <span>{project.symbol}</span>
        </div>
        <StateChip state={stateAt(project, nowMs)} />
      </div>
      <Countdown project={project} nowMs={nowMs} />
      <ProgressBar project={project} />
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('ieo:applications')}</dt>
          <dd data-testid="ieo-applications">{project.applications}</dd>
        </div>
        <div>
          <dt>{t('ieo:passes')}</dt>
          <dd data-testid="ieo-passes">{project.passes ?? '—'}</dd>
        </div>
        {times && (
          <div>
            <dt>{t('ieo:oversubscribedLabel')}</dt>
            <dd>{t('ieo:oversubscribed', { times })}</dd>
          </div>
        )}
        {project.allocated_total !== null && (
          <div>
            <dt>{t('ieo:allocatedTotal')}</dt>
            <dd data-testid="ieo-allocated-total">
              {project.allocated_total} {project.symbol}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function ProjectFigures({ project }: { project: IeoProject }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeToMinute();
  return (
    <>
      <section className="card ieo-card">
        <dl className="fx-figures">
          <div>
            <dt>{t('ieo:currency')}</dt>
            <dd>{project.prices.map((price) => price.currency).join(', ')}</dd>
          </div>
          {project.prices.map((price) => (
            <div key={price.currency_id}>
              <dt>{t('ieo:price')}</dt>
              <dd className="is-strong">
                {price.price} {price.currency}
              </dd>
            </div>
          ))}
          <div>
            <dt>{t('ieo:issuance')}</dt>
            <dd>
              {project.issuance} {project.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:remaining')}</dt>
            <dd>
              {project.remaining} {project.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:perUser')}</dt>
            <dd>
              {t('ieo:perUserValue', {
                min: project.min_per_user,
                max: project.max_per_user,
                symbol: project.symbol,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:cycle')}</dt>
            <dd>
              {dateTime(project.starts_at)} – {dateTime(project.ends_at)}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:endTime')}</dt>
            <dd>{dateTime(project.ends_at)}</dd>
          </div>
          <div>
            <dt>{t('ieo:lockCycle')}</dt>
            <dd>
              {project.lock_days > 0 ? t('ieo:lockDays', { days: project.lock_days }) : t('ieo:noLock')}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:releaseTime')}</dt>
            <dd>{dateTime(project.release_at)}</dd>
          </div>
          <div>
            <dt>{t('ieo:listingTime')}</dt>
            <dd>
              {project.listing_symbol ? (
                <Link to={tradePath(project.listing_symbol, 'sell')} data-testid="ieo-trade-listed">
                  {t('ieo:tradeListed', { symbol: project.listing_symbol })}
                </Link>
              ) : (
                dateTime(project.listing_at)
              )}
            </dd>
          </div>
          {project.whitepaper && (
            <div>
              <dt>{t('ieo:whitepaper')}</dt>
              <dd>
                <a href={project.whitepaper} target="_blank" rel="noopener noreferrer">
                  {t('ieo:open')}
                </a>
              </dd>
            </div>
          )}
          {project.website && (
            <div>
              <dt>{t('ieo:website')}</dt>
              <dd>
                <a href={project.website} target="_blank" rel="noopener noreferrer">
                  {t('ieo:open')}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </section>
      {project.description && (
        <section className="card ieo-card">
          <h2 className="ieo-section-title">{t('ieo:about')}</h2>
          <Paragraphs text={project.description} className="ieo-text" />
        </section>
      )}
      <section className="card ieo-card" data-testid="ieo-rule">
        <h2 className="ieo-section-title">{t('ieo:rule.title')}</h2>
        <ol className="ieo-rule">
          <li>{t('ieo:rule.step1')}</li>
          <li>{t('ieo:rule.step2')}</li>
          <li>{t('ieo:rule.step3')}</li>
          <li>{t('ieo:rule.step4')}</li>
        </ol>
      </section>
    </>
  );
}

function SubscribeForm({ project }: { project: IeoProject }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dateTime = useDateTimeToMinute();
  const token = useAppStore((state) => state.token);
  const [payCurrencyId, setPayCurrencyId] = useState(project.prices[0]?.currency_id ?? 0);
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const lastAttempt = useRef<{ signature: string; key: string } | null>(null);
  const price = project.prices.find((entry) => entry.currency_id === payCurrencyId) ?? project.prices[0];
  const balance = useQuery({
    ...spotBalanceQuery(price?.currency_id ?? 0),
    enabled: token !== null && !!price,
  });
  const orders = useQuery({ ...myOrdersQuery(), enabled: token !== null });
  if (!price) return null;
  const available = balance.data ? toScaledBigint(balance.data.available, price.currency_scale) : null;
  const availableUnits = available?.ok ? available.value : null;
  const cost = subscriptionCost({
    amount: amount.trim(),
    tokenScale: project.token_scale,
    price: price.price,
    payScale: price.currency_scale,
  });
  const already = requestedIn(orders.data?.list ?? [], project.id);
  const problem =
    amount.trim() === ''
      ? null
      : amountProblem({
          amount: amount.trim(),
          project,
          alreadyRequested: already,
          cost: cost?.cost ?? null,
          available: availableUnits,
        });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (token === null) {
      navigate(appRoutes.login);
      return;
    }
    if (amount.trim() === '' || problem || !cost) return;
    const confirmed = await Dialog.confirm({
      title: t('ieo:confirm.title'),
      content: (
        <dl className="fx-figures ieo-confirm" data-testid="ieo-confirm">
          <div>
            <dt>{t('ieo:confirm.amount')}</dt>
            <dd>
              {amount.trim()} {project.symbol}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:price')}</dt>
            <dd>
              {price.price} {price.currency}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:confirm.payCurrency')}</dt>
            <dd>{price.currency}</dd>
          </div>
          <div>
            <dt>{t('ieo:form.cost')}</dt>
            <dd className="is-strong">
              {cost.text} {price.currency}
            </dd>
          </div>
          <div>
            <dt>{t('ieo:form.available')}</dt>
            <dd>
              {balance.data?.available ?? '—'} {price.currency}
            </dd>
          </div>
          <p className="ieo-note">{t('ieo:confirm.note', { time: dateTime(project.ends_at) })}</p>
        </dl>
      ),
      confirmText: t('ieo:confirm.ok'),
      cancelText: t('ieo:confirm.cancel'),
    });
    if (!confirmed) return;
    const signature = `${project.id}:${amount.trim()}:${price.currency_id}:${price.price}`;
    // A retry of the very same subscription after a lost reply keeps its key: it is booked once.
    const key = lastAttempt.current?.signature === signature ? lastAttempt.current.key : newIdempotencyKey();
    lastAttempt.current = { signature, key };
    setSubmitting(true);
    try {
      await subscribe(
        {
          projectId: project.id,
          amount: amount.trim(),
          payCurrencyId: price.currency_id,
          price: price.price,
        },
        key,
      );
      lastAttempt.current = null;
      showToast(t('ieo:success'));
      await queryClient.invalidateQueries({ queryKey: [userQueryRoot] });
      await queryClient.invalidateQueries({ queryKey: ['ieo'] });
      navigate(ieoPaths.orders);
    } catch (error) {
      // The client has shown the message. Only a lost reply may be retried with the same key.
      if (!(error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network'))) {
        lastAttempt.current = null;
      }
    } finally {
      setSubmitting(false);
    }
  };

  const shownProblem = touched || amount.trim() !== '' ? problem : null;
  return (
    <form className="card ieo-card ieo-form" onSubmit={onSubmit} noValidate data-testid="ieo-form">
      <h2 className="ieo-section-title">{t('ieo:form.title')}</h2>
      {project.prices.length > 1 && (
        <fieldset className="ieo-fieldset">
          <legend className="fx-field-label">{t('ieo:form.payWith')}</legend>
          <div className="ieo-chips">
            {project.prices.map((entry) => (
              <button
                key={entry.currency_id}
                type="button"
                className={`fx-chip is-sunken${entry.currency_id === price.currency_id ? ' is-selected' : ''}`}
                onClick={() => setPayCurrencyId(entry.currency_id)}
              >
                {entry.currency}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      <FormField
        label={t('ieo:form.amount', { symbol: project.symbol })}
        htmlFor="ieo-amount"
        sunken
        error={shownProblem ? t(`ieo:errors.${shownProblem}`) : null}
        hint={t('ieo:perUserValue', {
          min: project.min_per_user,
          max: project.max_per_user,
          symbol: project.symbol,
        })}
        suffix={<span className="fx-field-unit">{project.symbol}</span>}
        errorTestId="ieo-amount-error"
      >
        <TextInput
          id="ieo-amount"
          testId="ieo-amount"
          inputMode="decimal"
          autoComplete="off"
          className="is-figure"
          placeholder={project.min_per_user}
          value={amount}
          invalid={!!shownProblem}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <dl className="fx-figures is-compact">
        <div>
          <dt>{t('ieo:form.cost')}</dt>
          <dd className="is-strong" data-testid="ieo-cost">
            {cost ? cost.text : '—'} {price.currency}
          </dd>
        </div>
        {token !== null && (
          <div>
            <dt>{t('ieo:form.available')}</dt>
            <dd data-testid="ieo-available">
              {balance.data?.available ?? '—'} {price.currency}
            </dd>
          </div>
        )}
        {already > 0n && (
          <div>
            <dt>{t('ieo:form.already')}</dt>
            <dd>
              {fromScaledBigint(already, project.token_scale)} {project.symbol}
            </dd>
          </div>
        )}
      </dl>
      <button type="submit" className="fx-button is-block" disabled={submitting} data-testid="ieo-submit">
        {token === null ? t('ieo:form.login') : t('ieo:form.submit')}
      </button>
    </form>
  );
}
