import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Conflict } from './conflicts';
import { ConflictsTable } from './ConflictsTable';
import { quoteLines, type Quote } from './quoteLines';
import './booking.css';

interface QuotePanelProps {
  /** The price to show; none yet while it cannot be told. */
  quote?: Quote | null;
  schdRate?: number | null;
  /** Days the groups have no room for the campaign. */
  conflicts?: Conflict[];
  groupNames?: Record<number, string | undefined>;
  /** A price is being recomputed: the one shown is about to change. */
  updating?: boolean;
  /** Why the price could not be told (the server's refusal of the inputs). */
  problem?: ReactNode;
  /** Shown when there is no price and no problem. */
  empty?: ReactNode;
  title?: string;
}

/**
 * A campaign's price line by line, from the live quote while writing or the stored price when reading;
 * the days without room in red below it.
 */
export function QuotePanel({ quote, schdRate, conflicts = [], groupNames = {}, updating, problem, empty, title = '견적' }: QuotePanelProps) {
  return (
    <Card
      size="small"
      className="quote-panel"
      title={title}
      extra={updating ? <span className="secondary-text"><LoadingOutlined /> 계산 중</span> : null}
      aria-busy={updating || undefined}
    >
      {problem && <Alert type="warning" showIcon title={problem} className="quote-problem" />}
      {quote ? (
        <Descriptions
          size="small"
          column={1}
          bordered
          className={updating ? 'quote-lines quote-updating' : 'quote-lines'}
          items={quoteLines(quote, schdRate).map((line) => ({
            key: line.key,
            label: line.label,
            children: line.strong ? (
              <Typography.Text strong className="quote-total" data-quote-line={line.key}>
                {line.value}
              </Typography.Text>
            ) : (
              <span data-quote-line={line.key}>{line.value}</span>
            ),
          }))}
        />
      ) : (
        !problem && <Typography.Paragraph type="secondary">{empty ?? '금액 정보가 없습니다.'}</Typography.Paragraph>
      )}
      {conflicts.length > 0 && <ConflictsTable conflicts={conflicts} groupNames={groupNames} />}
    </Card>
  );
}
