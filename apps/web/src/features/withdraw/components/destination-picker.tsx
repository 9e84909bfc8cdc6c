import type { BankCard, WalletAddress } from '@fairex/contract';
import { AddOutline, CheckCircleFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import type { TranslationKey } from '../../../lib/translation-key';
import { type DestinationKind, shortAddress, withdrawPaths } from '../withdraw-rules';

type DestinationPickerProps = {
  kind: DestinationKind;
  onKind: (kind: DestinationKind) => void;
  code: string;
  /** The chain the addresses are filtered by; null shows every address of the coin. */
  chain: string | null;
  addresses: readonly WalletAddress[];
  cards: readonly BankCard[];
  loading: boolean;
  selectedId: number | null;
  onSelect: (id: number) => void;
  error: string | undefined;
};

const kinds: readonly DestinationKind[] = ['address', 'bank_card'];
const kindKeys: Record<DestinationKind, TranslationKey> = {
  address: 'withdraw:kinds.address',
  bank_card: 'withdraw:kinds.bank_card',
};

/** Where the money goes: one of the saved addresses of the coin, or a bound bank card. */
export function DestinationPicker(props: DestinationPickerProps) {
  const { t } = useTranslation();
  return (
    <fieldset
      className="fx-field wd-fieldset"
      aria-describedby={props.error ? 'withdraw-destination-error' : undefined}
    >
      <legend className="fx-field-label">{t('withdraw:sendTo')}</legend>
      <SegmentedTabs
        sunken
        label={t('withdraw:sendTo')}
        value={props.kind}
        onChange={props.onKind}
        options={kinds.map((kind) => ({
          value: kind,
          label: t(kindKeys[kind]),
          testId: `withdraw-kind-${kind}`,
        }))}
      />
      {props.loading ? (
        <div className="skeleton is-raised wd-option-skeleton" aria-busy="true" />
      ) : props.kind === 'address' ? (
        <AddressOptions {...props} />
      ) : (
        <CardOptions {...props} />
      )}
      {props.error && (
        <p
          className="fx-field-error"
          id="withdraw-destination-error"
          role="alert"
          data-testid="withdraw-destination-error"
        >
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

type OptionProps = {
  selected: boolean;
  invalid: boolean;
  onSelect: () => void;
  testId: string;
  title: string;
  tag: string;
  detail: ReactNode;
  /** The full text of a shortened detail, as a tooltip. */
  detailTitle?: string;
  mono?: boolean;
};

/** One saved destination as a radio-like button: name with its tag, details, the check. */
function DestinationOption(props: OptionProps) {
  return (
    <button
      type="button"
      aria-pressed={props.selected}
      className={`wd-option${props.selected ? ' is-selected' : ''}${props.invalid ? ' is-invalid' : ''}`}
      onClick={props.onSelect}
      data-testid={props.testId}
    >
      <span className="wd-option-main">
        <span className="wd-option-title">
          {props.title}
          <span className="wd-tag">{props.tag}</span>
        </span>
        <span className={`wd-option-detail${props.mono ? ' wd-mono' : ''}`} title={props.detailTitle}>
          {props.detail}
        </span>
      </span>
      <span className={`wd-radio${props.selected ? ' is-on' : ''}`} aria-hidden="true">
        {props.selected && <CheckCircleFill fontSize={20} />}
      </span>
    </button>
  );
}

function AddressOptions({ addresses, code, chain, selectedId, onSelect, error }: DestinationPickerProps) {
  const { t } = useTranslation();
  if (addresses.length === 0) {
    return (
      <div className={`wd-empty-box${error ? ' is-invalid' : ''}`} data-testid="withdraw-no-address">
        <p>{chain ? t('withdraw:address.empty', { code }) : t('withdraw:address.emptyAny', { code })}</p>
        <Link className="wd-add" to={withdrawPaths.addWallet} data-testid="withdraw-add-address">
          <AddOutline fontSize={16} />
          {t('withdraw:address.add')}
        </Link>
      </div>
    );
  }
  return (
    <div className="wd-options">
      {addresses.map((address) => (
        <DestinationOption
          key={address.id}
          selected={address.id === selectedId}
          invalid={Boolean(error)}
          onSelect={() => onSelect(address.id)}
          testId="withdraw-address-option"
          title={address.name}
          tag={address.chain}
          detail={shortAddress(address.address)}
          detailTitle={address.address}
          mono
        />
      ))}
      <div className="wd-option-links">
        <Link className="wd-add" to={withdrawPaths.addWallet} data-testid="withdraw-add-address">
          <AddOutline fontSize={16} />
          {t('withdraw:address.add')}
        </Link>
        <Link className="wd-manage" to={withdrawPaths.walletList}>
          {t('withdraw:address.manage')}
        </Link>
      </div>
    </div>
  );
}

function CardOptions({ cards, selectedId, onSelect, error }: DestinationPickerProps) {
  const { t } = useTranslation();
  const regions = new Set(cards.map((card) => card.region));
  return (
    <div className="wd-options">
      {cards.length === 0 && (
        <div className={`wd-empty-box${error ? ' is-invalid' : ''}`} data-testid="withdraw-no-card">
          <p>{t('withdraw:card.empty')}</p>
        </div>
      )}
      {cards.map((card) => (
        <DestinationOption
          key={card.id}
          selected={card.id === selectedId}
          invalid={Boolean(error)}
          onSelect={() => onSelect(card.id)}
          testId="withdraw-card-option"
          title={card.bank_name}
          tag={card.region === 'domestic' ? t('withdraw:card.domestic') : t('withdraw:card.international')}
          detail={
            <>
              {card.real_name} · <span className="wd-mono">{card.bank_account_masked}</span>
            </>
          }
        />
      ))}
      <div className="wd-option-links">
        {!regions.has('domestic') && (
          <Link className="wd-add" to={withdrawPaths.bank} data-testid="withdraw-add-card">
            <AddOutline fontSize={16} />
            {t('withdraw:card.addDomestic')}
          </Link>
        )}
        {!regions.has('international') && (
          <Link className="wd-add" to={withdrawPaths.bankInternational}>
            <AddOutline fontSize={16} />
            {t('withdraw:card.addInternational')}
          </Link>
        )}
      </div>
    </div>
  );
}
