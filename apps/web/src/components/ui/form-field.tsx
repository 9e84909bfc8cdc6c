import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

export type FormFieldProps = {
  label: ReactNode;
  /** The input's id, for the label and the message's aria link. */
  htmlFor: string;
  /** The validation message, already translated; shown instead of the hint. */
  error?: string | null | undefined;
  hint?: ReactNode;
  /** On the label's line, at its end, e.g. a character counter. */
  aside?: ReactNode;
  /** Before the input inside the box, e.g. the area-code button. */
  prefix?: ReactNode;
  /** After the input inside the box, e.g. "Send code" or the eye toggle. */
  suffix?: ReactNode;
  /** A darker box, for a field on a raised card. */
  sunken?: boolean;
  errorTestId?: string;
  children: ReactNode;
};

/** A labelled input box with its validation message (or hint) underneath. */
export function FormField(props: FormFieldProps) {
  const { label, htmlFor, error, hint, aside, prefix, suffix, sunken, errorTestId, children } = props;
  const labelElement = (
    <label className="fx-field-label" htmlFor={htmlFor}>
      {label}
    </label>
  );
  return (
    <div className="fx-field">
      {aside ? (
        <div className="fx-field-head">
          {labelElement}
          {aside}
        </div>
      ) : (
        labelElement
      )}
      <div className={`fx-field-box${sunken ? ' is-sunken' : ''}${error ? ' is-invalid' : ''}`}>
        {prefix}
        {children}
        {suffix}
      </div>
      {error ? (
        <p className="fx-field-error" id={`${htmlFor}-error`} role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : (
        hint && <p className="fx-field-hint">{hint}</p>
      )}
    </div>
  );
}

export type TextInputProps = ComponentProps<'input'> & { testId?: string; invalid?: boolean };

/** The bare input inside a FormField box; spread react-hook-form's register() into it. */
export function TextInput({ testId, invalid, className, ...props }: TextInputProps) {
  return (
    <input
      className={`fx-input${className ? ` ${className}` : ''}`}
      data-testid={testId}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid && props.id ? `${props.id}-error` : undefined}
      {...props}
    />
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(
  props: Omit<FormFieldProps, 'children' | 'suffix'> & { input: TextInputProps },
) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const { input, ...field } = props;
  return (
    <FormField
      {...field}
      suffix={
        <button
          type="button"
          className="fx-field-icon"
          onClick={() => setShown((value) => !value)}
          aria-label={t(shown ? 'forms:password.hide' : 'forms:password.show')}
          aria-pressed={shown}
        >
          {shown ? <EyeOutline fontSize={20} /> : <EyeInvisibleOutline fontSize={20} />}
        </button>
      }
    >
      <TextInput
        type={shown ? 'text' : 'password'}
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        invalid={Boolean(field.error)}
        {...input}
      />
    </FormField>
  );
}
