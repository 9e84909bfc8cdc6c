import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** The end of an infinite list: loading more, or "No more data". */
export function ListFooter({ hasMore, testId }: { hasMore: boolean; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="list-end" data-testid={testId}>
      {hasMore ? (
        <span>
          {t('common:list.loading')}
          <DotLoading color="currentColor" />
        </span>
      ) : (
        <span>{t('common:list.noMore')}</span>
      )}
    </div>
  );
}

/** The texts of antd-mobile's PullToRefresh in the reader's language. */
export function usePullTexts() {
  const { t } = useTranslation();
  return {
    pullingText: t('common:pull.pulling'),
    canReleaseText: t('common:pull.release'),
    refreshingText: t('common:pull.refreshing'),
    completeText: t('common:pull.complete'),
  };
}
