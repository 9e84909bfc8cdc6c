import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FieldProps = {
  label: ReactNode;
  /** The input's id, for the label and the error's aria link. */
  htmlFor: string;
  /** A message already translated. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** After the label, e.g. a character counter. */
  aside?: ReactNode;
  /** After the input inside the box, e.g. "Paste" or the eye toggle. */
  suffix?: ReactNode;
  children: ReactNode;
};

/** A labelled input box with its validation message (or hint) underneath. */
export function Field({ label, htmlFor, error, hint, aside, suffix, children }: FieldProps) {
  return (
    <div className="payout-field">
      <div className="payout-field-head">
        <label className="payout-field-label" htmlFor={htmlFor}>
          {label}
        </label>
        {aside}
      </div>
      <div className={`payout-field-box${error ? ' is-invalid' : ''}`}>
        {children}
        {suffix}
      </div>
      {error ? (
        <p className="payout-field-error" id={`${htmlFor}-error`} role="alert">
          {error}
        </p>
      ) : (
        hint && <p className="payout-field-hint">{hint}</p>
      )}
    </div>
  );
}

type InputProps = ComponentProps<'input'> & { testId?: string; invalid?: boolean };

/** The bare input inside a Field box; spread react-hook-form's register() into it. */
export function FieldInput({ testId, invalid, className, ...props }: InputProps) {
  return (
    <input
      className={`payout-input${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid && props.id ? `${props.id}-error` : undefined}
      {...props}
    />
  );
}

/** The payment password, with a show/hide toggle (reliability case 13: asked on every change). */
export function PayPasswordField({
  id,
  error,
  input,
}: {
  id: string;
  error?: string | null | undefined;
  input: Omit<InputProps, 'id' | 'type'>;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      label={t('payout:payPassword.label')}
      htmlFor={id}
      error={error}
      suffix={
        <button
          type="button"
          className="payout-field-icon"
          onClick={() => setShown((value) => !value)}
          aria-label={t(shown ? 'payout:payPassword.hide' : 'payout:payPassword.show')}
          aria-pressed={shown}
        >
          {shown ? <EyeOutline fontSize={20} /> : <EyeInvisibleOutline fontSize={20} />}
        </button>
      }
    >
      <FieldInput
        id={id}
        type={shown ? 'text' : 'password'}
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t('payout:payPassword.placeholder')}
        invalid={Boolean(error)}
        {...input}
      />
    </Field>
  );
}
