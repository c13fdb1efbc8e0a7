import { RightOutlined } from '@ant-design/icons';
import { Figure, Panel } from '../../../components/common/Panel';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface StatCardProps {
  title: string;
  value: number | undefined;
  suffix: string;
  /** The screen the figure summarises; the card links there when given. */
  to?: string | null;
  /** A line under the figure (the month it is of, a related amount). */
  footer?: ReactNode;
}

/** One figure of the dashboard with its unit, linking to the list it summarises. */
export function StatCard({ title, value, suffix, to, footer }: StatCardProps) {
  const card = (
    <Panel hoverable={!!to} className="stat-card">
      <Figure
        title={
          <>
            {title}
            {to && <RightOutlined className="stat-card-arrow" />}
          </>
        }
        value={value}
        suffix={suffix}
      />
      {footer && <div className="stat-card-footer">{footer}</div>}
    </Panel>
  );
  return to ? (
    <Link to={to} className="stat-card-link">
      {card}
    </Link>
  ) : (
    card
  );
}
