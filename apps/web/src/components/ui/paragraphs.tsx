import { toParagraphs } from '../../lib/format';

/** Server text rendered as paragraphs (never as HTML). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  return (
    <div className={className ?? 'prose'}>
      {toParagraphs(text).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs have no identity beyond order
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
