import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../../lib/use-go-back';
import './ui.css';

type PageHeaderProps = {
  title: ReactNode;
  /** Shows a back button; tab pages have none. */
  back?: boolean;
  right?: ReactNode;
};

/** The sticky title bar of a page, with an optional back button (history, else Home). */
export function PageHeader({ title, back = false, right }: PageHeaderProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <header className="page-header">
      <div className="page-header-side">
        {back && (
          <button
            type="button"
            className="icon-button"
            onClick={goBack}
            aria-label={t('common:actions.back')}
          >
            <LeftOutline fontSize={22} />
          </button>
        )}
      </div>
      <h1 className="page-header-title">{title}</h1>
      <div className="page-header-side page-header-right">{right}</div>
    </header>
  );
}
