import type { ReactNode } from 'react';
import './panel.css';

interface PanelProps {
  title?: ReactNode;
  /** Beside the title, on the right (a link to the whole list). */
  extra?: ReactNode;
  /** Lifts on hover, for a panel that is a link. */
  hoverable?: boolean;
  className?: string;
  children?: ReactNode;
}

/**
 * A titled box drawn like a small card, without the card's code (tabs, loading, actions): what the
 * home page's figures and charts sit in, so its first screen stays light.
 */
export function Panel({ title, extra, hoverable, className, children }: PanelProps) {
  return (
    <section className={['panel', hoverable ? 'panel-hoverable' : '', className ?? ''].filter(Boolean).join(' ')}>
      {title !== undefined && (
        <header className="panel-head">
          <div className="panel-title">{title}</div>
          {extra && <div className="panel-extra">{extra}</div>}
        </header>
      )}
      <div className="panel-body">{children}</div>
    </section>
  );
}

/** A figure with its unit under its title (a count, an amount), drawn like a statistic. */
export function Figure({ title, value, suffix }: { title: ReactNode; value: number | undefined; suffix: string }) {
  return (
    <>
      <div className="figure-title">{title}</div>
      <div className="figure-value">
        {(value ?? 0).toLocaleString('ko-KR')} <span className="figure-suffix">{suffix}</span>
      </div>
    </>
  );
}

/** A screen's title and the line under it, drawn like the list screens' titles. */
export function PageTitle({ title, note }: { title: ReactNode; note?: ReactNode }) {
  return (
    <>
      <h4 className="page-title">{title}</h4>
      {note && <p className="page-note">{note}</p>}
    </>
  );
}
