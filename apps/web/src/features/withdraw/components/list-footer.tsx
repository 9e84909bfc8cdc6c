import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The end of an infinite list: loading more, or "No more data". */
export function ListFooter({ hasMore, testId }: { hasMore: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="wd-list-end" data-testid={testId}>
      {hasMore ? (
        <span>
          {t('withdraw:records.loading')}
          <DotLoading color="currentColor" />
        </span>
      ) : (
        <span>{t('withdraw:records.noMore')}</span>
      )}
    </div>
  );
}

/** The texts of antd-mobile's PullToRefresh in the reader's language. */
export function usePullTexts() {
  const { t } = useTranslation();
  return {
    pullingText: t('withdraw:pull.pulling'),
    canReleaseText: t('withdraw:pull.release'),
    refreshingText: t('withdraw:pull.refreshing'),
    completeText: t('withdraw:pull.complete'),
  };
}
