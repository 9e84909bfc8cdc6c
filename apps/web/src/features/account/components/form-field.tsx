import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

type FormFieldProps = {
  label: ReactNode;
  /** The input's id, for the label. */
  htmlFor: string;
  /** A locale key (client validation) or a message. */
  error?: string | undefined;
  hint?: ReactNode;
  /** Before the input inside the box, e.g. the area-code button. */
  prefix?: ReactNode;
  /** After the input inside the box, e.g. "Send code" or the eye toggle. */
  suffix?: ReactNode;
  children: ReactNode;
};

/** A labelled input box with its validation message underneath. */
export function FormField({ label, htmlFor, error, hint, prefix, suffix, children }: FormFieldProps) {
  const { t } = useTranslation();
  const errorId = `${htmlFor}-error`;
  return (
    <div className="fx-field">
      <label className="fx-field-label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className={`fx-field-box${error ? ' is-invalid' : ''}`}>
        {prefix}
        {children}
        {suffix}
      </div>
      {error ? (
        <p className="fx-field-error" id={errorId} role="alert">
          {t(error)}
        </p>
      ) : (
        hint && <p className="fx-field-hint">{hint}</p>
      )}
    </div>
  );
}

type InputProps = ComponentProps<'input'> & { testId?: string; invalid?: boolean };

/** The bare input inside a FormField box; spread react-hook-form's register() into it. */
export function TextInput({ testId, invalid, className, ...props }: InputProps) {
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
export function PasswordField(props: Omit<FormFieldProps, 'children' | 'suffix'> & { input: InputProps }) {
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
          aria-label={t(shown ? 'account:fields.hidePassword' : 'account:fields.showPassword')}
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
