import { CheckOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { BottomSheet } from './bottom-sheet';
import './ui.css';

export type SheetOption<V extends string> = {
  value: V;
  label: ReactNode;
  detail?: ReactNode;
  leading?: ReactNode;
  disabled?: boolean;
  testId?: string;
};

type OptionSheetProps<V extends string> = {
  visible: boolean;
  title: ReactNode;
  options: readonly SheetOption<V>[];
  selected: V;
  onSelect: (value: V) => void;
  onClose: () => void;
  footer?: ReactNode;
  testId?: string;
};

/** A bottom sheet with a single-choice list (language, fiat). */
export function OptionSheet<V extends string>(props: OptionSheetProps<V>) {
  return (
    <BottomSheet visible={props.visible} title={props.title} onClose={props.onClose} testId={props.testId}>
      <div className="sheet-options" role="listbox">
        {props.options.map((option) => {
          const selected = option.value === props.selected;
          return (
            <button
              key={option.value}
              type="button"
              role="option"
              aria-selected={selected}
              disabled={option.disabled}
              data-testid={option.testId}
              className={`sheet-option${selected ? ' is-selected' : ''}`}
              onClick={() => props.onSelect(option.value)}
            >
              {option.leading && <span className="sheet-option-leading">{option.leading}</span>}
              <span className="sheet-option-text">
                <span className="sheet-option-label">{option.label}</span>
                {option.detail && <span className="sheet-option-detail">{option.detail}</span>}
              </span>
              {selected && <CheckOutline className="sheet-option-check" fontSize={18} />}
            </button>
          );
        })}
      </div>
      {props.footer && <div className="sheet-footer">{props.footer}</div>}
    </BottomSheet>
  );
}
