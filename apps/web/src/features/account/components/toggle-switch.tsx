type ToggleSwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  testId?: string;
  id?: string;
};

/** A compact on/off switch (a button with role switch). */
export function ToggleSwitch({ checked, onChange, label, testId, id }: ToggleSwitchProps) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`fx-switch${checked ? ' is-on' : ''}`}
      onClick={() => onChange(!checked)}
      data-testid={testId}
    >
      <span className="fx-switch-knob" />
    </button>
  );
}
