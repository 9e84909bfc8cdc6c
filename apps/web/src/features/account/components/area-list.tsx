import { localeTags } from '@fairex/contract';
import { CheckOutline, SearchOutline } from 'antd-mobile-icons';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../lib/stores/app-store';
import { type Area, namedAreas, searchAreas } from '../areas/area-codes';

type AreaListProps = {
  selected: Area;
  onSelect: (area: Area) => void;
  /** Focus the search box on open (the full page does; a sheet does not, to keep the keyboard down). */
  autoFocus?: boolean;
};

/** Countries and regions by their name in the reader's language, searchable by name or code. */
export function AreaList({ selected, onSelect, autoFocus = false }: AreaListProps) {
  const { t } = useTranslation();
  const lang = useAppStore((state) => state.lang);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const all = useMemo(() => namedAreas(localeTags[lang]), [lang]);
  const shown = useMemo(() => searchAreas(all, deferredQuery), [all, deferredQuery]);
  return (
    <div className="area-list">
      <div className="area-search">
        <SearchOutline className="area-search-icon" fontSize={18} />
        <input
          type="search"
          className="area-search-input"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t('account:area.search')}
          aria-label={t('account:area.search')}
          // biome-ignore lint/a11y/noAutofocus: the page exists to search; the sheet opts out
          autoFocus={autoFocus}
          data-testid="area-search"
          enterKeyHint="search"
        />
      </div>
      {shown.length === 0 ? (
        <p className="area-empty" data-testid="area-empty">
          {t('account:area.empty')}
        </p>
      ) : (
        <ul className="area-options" aria-label={t('account:area.title')}>
          {shown.map((area) => {
            const isSelected = area.region === selected.region && area.dialCode === selected.dialCode;
            return (
              <li key={area.region}>
                <button
                  type="button"
                  className={`area-option${isSelected ? ' is-selected' : ''}`}
                  onClick={() => onSelect({ region: area.region, dialCode: area.dialCode })}
                  aria-pressed={isSelected}
                  data-testid={`area-${area.region}`}
                >
                  <span className="area-option-name">{area.name}</span>
                  <span className="area-option-code">+{area.dialCode}</span>
                  {isSelected && <CheckOutline className="area-option-check" fontSize={16} />}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
