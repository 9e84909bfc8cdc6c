import type { ReactNode } from 'react';
import './ui.css';

type ComingSoonStateProps = {
  title: ReactNode;
  body: ReactNode;
  /** What the feature will offer, one short line each. */
  points?: readonly ReactNode[];
  icon?: ReactNode;
  children?: ReactNode;
  testId?: string;
};

/** The "coming soon" illustration, a sentence, and optional actions: never a blank page. */
export function ComingSoonState({ title, body, points = [], icon, children, testId }: ComingSoonStateProps) {
  return (
    <section className="coming-soon" data-testid={testId}>
      <div className="coming-soon-art" aria-hidden="true">
        <svg viewBox="0 0 120 120" width="120" height="120" role="presentation">
          <defs>
            <linearGradient id="coming-soon-ring" x1="0" x2="1" y1="0" y2="1">
              <stop offset="0" stopColor="#ffd7a6" />
              <stop offset="1" stopColor="#f0b90b" />
            </linearGradient>
          </defs>
          <circle cx="60" cy="60" r="56" fill="#161a1e" stroke="#2b3139" strokeWidth="2" />
          <circle
            cx="60"
            cy="60"
            r="44"
            fill="none"
            stroke="url(#coming-soon-ring)"
            strokeWidth="4"
            strokeDasharray="200 80"
            strokeLinecap="round"
            className="coming-soon-spin"
          />
        </svg>
        <div className="coming-soon-icon">{icon}</div>
      </div>
      <h2 className="coming-soon-title">{title}</h2>
      <p className="coming-soon-body">{body}</p>
      {points.length > 0 && (
        <ul className="coming-soon-points">
          {points.map((point, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of sentences
            <li key={index}>{point}</li>
          ))}
        </ul>
      )}
      {children && <div className="coming-soon-actions">{children}</div>}
    </section>
  );
}
