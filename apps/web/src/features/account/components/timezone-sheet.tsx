import { useQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { CheckOutline, CloseOutline, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timezoneListQuery } from '../api/account-api';
import { searchTimezones } from '../timezone-sync';

type TimezoneSheetProps = {
  visible: boolean;
  current: string | null;
  onSelect: (timezone: string) => void;
  onClose: () => void;
};

/** Every zone from GET /timezone/list, searchable, in a bottom sheet. */
export function TimezoneSheet({ visible, current, onSelect, onClose }: TimezoneSheetProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const list = useQuery({ ...timezoneListQuery(), enabled: visible });
  const shown = useMemo(() => searchTimezones(list.data ?? [], deferredQuery), [list.data, deferredQuery]);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="sheet-body"
      destroyOnClose
    >
      <div className="sheet account-sheet is-tall" data-testid="timezone-sheet">
        <div className="sheet-header">
          <h2 className="sheet-title">{t('account:userInfo.timezoneTitle')}</h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={t('common:actions.close')}
          >
            <CloseOutline fontSize={20} />
          </button>
        </div>
        <div className="area-search is-in-sheet">
          <SearchOutline className="area-search-icon" fontSize={18} />
          <input
            type="search"
            className="area-search-input"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('account:userInfo.timezoneSearch')}
            aria-label={t('account:userInfo.timezoneSearch')}
            enterKeyHint="search"
          />
        </div>
        <div className="sheet-options">
          {list.isPending && <p className="area-empty">{t('common:loading')}</p>}
          {!list.isPending && shown.length === 0 && <p className="area-empty">{t('account:area.empty')}</p>}
          {shown.map((zone) => {
            const selected = zone.value === current;
            return (
              <button
                key={zone.value}
                type="button"
                className={`sheet-option${selected ? ' is-selected' : ''}`}
                onClick={() => onSelect(zone.value)}
                aria-pressed={selected}
              >
                <span className="sheet-option-text">
                  <span className="sheet-option-label">{zone.label}</span>
                </span>
                {selected && <CheckOutline className="sheet-option-check" fontSize={18} />}
              </button>
            );
          })}
        </div>
      </div>
    </Popup>
  );
}
