import { useQuery } from '@tanstack/react-query';
import { CheckOutline, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
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
    <BottomSheet
      visible={visible}
      title={t('account:userInfo.timezoneTitle')}
      onClose={onClose}
      className="account-sheet is-tall"
      testId="timezone-sheet"
    >
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
    </BottomSheet>
  );
}
