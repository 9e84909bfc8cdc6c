import { useQuery } from '@tanstack/react-query';
import { CenterPopup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Paragraphs } from '../../../components/ui/paragraphs';
import { readStoredJson, writeStored } from '../../../lib/browser-storage';
import { storageKeys } from '../../../lib/storage-keys';
import { useAppStore } from '../../../lib/stores/app-store';
import { popupNoticeQuery } from '../api/home-queries';
import { hasSeen, parseSeenIds, withSeenId } from '../popup-notice-seen';

/**
 * GET /news/index_pop, shown once per notice on this device. A notice is known by its publication
 * time, which its translations share (each locale's row has its own id), so switching language
 * does not show the same notice again.
 */
export function PopupNotice() {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const { data: notice } = useQuery(popupNoticeQuery(lang));
  const [seen, setSeen] = useState(() => parseSeenIds(readStoredJson(storageKeys.seenPopupNotices)));
  if (!notice) {
    return null;
  }
  const visible = !hasSeen(seen, notice.create_time);
  const close = () => {
    const next = withSeenId(seen, notice.create_time);
    writeStored(storageKeys.seenPopupNotices, JSON.stringify(next));
    setSeen(next);
  };
  return (
    <CenterPopup
      visible={visible}
      onMaskClick={close}
      className="popup-notice-layer"
      bodyClassName="popup-notice-body"
      destroyOnClose
    >
      <div className="popup-notice" data-testid="popup-notice" role="dialog" aria-label={notice.title}>
        <div className="popup-notice-badge">{t('home:popup.kicker')}</div>
        <h2 className="popup-notice-title">{notice.title}</h2>
        <div className="popup-notice-content">
          <Paragraphs text={notice.content || notice.summary} />
        </div>
        <button type="button" className="fx-button is-block" data-testid="popup-close" onClick={close}>
          {t('home:popup.close')}
        </button>
      </div>
    </CenterPopup>
  );
}
