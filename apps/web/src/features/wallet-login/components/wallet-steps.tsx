import { CheckOutline, CloseOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { stepStatuses, type VisibleStep, visibleSteps, type WalletFlowState } from '../wallet-flow';

const stepLabelKeys: Record<VisibleStep, `wallet:connect.steps.${VisibleStep}`> = {
  connect: 'wallet:connect.steps.connect',
  sign: 'wallet:connect.steps.sign',
  login: 'wallet:connect.steps.login',
};

/** Connect, sign, log in: where the attempt is. */
export function WalletSteps({ state }: { state: WalletFlowState }) {
  const { t } = useTranslation();
  const statuses = stepStatuses(state);
  return (
    <ol className="wallet-steps">
      {visibleSteps.map((step, index) => {
        const status = statuses[step];
        return (
          <li key={step} className={`wallet-step is-${status}`} data-status={status}>
            <span className="wallet-step-dot" aria-hidden="true">
              {status === 'done' && <CheckOutline />}
              {status === 'failed' && <CloseOutline />}
              {(status === 'active' || status === 'pending') && index + 1}
            </span>
            <span className="wallet-step-label">{t(stepLabelKeys[step])}</span>
          </li>
        );
      })}
    </ol>
  );
}
