import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The end of an infinite list: loading more, or "No more data". */
export function ListFooter({ hasMore, testId }: { hasMore: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="fund-list-end" data-testid={testId}>
      {hasMore ? (
        <span>
          {t('assets:list.loading')}
          <DotLoading color="currentColor" />
        </span>
      ) : (
        <span>{t('assets:list.noMore')}</span>
      )}
    </div>
  );
}

/** The texts of antd-mobile's PullToRefresh in the reader's language. */
export function usePullTexts() {
  const { t } = useTranslation();
  return {
    pullingText: t('assets:pull.pulling'),
    canReleaseText: t('assets:pull.release'),
    refreshingText: t('assets:pull.refreshing'),
    completeText: t('assets:pull.complete'),
  };
}
