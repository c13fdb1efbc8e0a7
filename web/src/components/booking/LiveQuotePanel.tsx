import { Typography } from 'antd';
import { ApiError, fieldErrorsOf } from '../../lib/api/envelope';
import type { Row } from '../common/listTypes';
import type { BookingValues } from './booking';
import { useQuote } from './bookingApi';
import { QuotePanel } from './QuotePanel';

/** Why the price could not be told: the server's refusal of the inputs, with what it says of each field. */
function problemOf(error: unknown): string | null {
  if (!error) return null;
  const fieldErrors = Object.values(fieldErrorsOf(error));
  const message = error instanceof ApiError ? error.message : '견적을 계산하지 못했습니다.';
  return fieldErrors.length > 0 ? `${message} ${fieldErrors.join(' ')}` : message;
}

interface LiveQuotePanelProps {
  /** The quote call's body, or null while a price cannot be told yet. */
  body: Row | null;
  /** The booking being written: its schedule rate, and the names of its groups for the days they have no room. */
  values: BookingValues;
}

/** The price of a booking as it is written, asked again whenever its inputs settle. */
export function LiveQuotePanel({ body, values }: LiveQuotePanelProps) {
  const quote = useQuote(body);
  const groupNames = Object.fromEntries((values.targets ?? []).map((line) => [line.mgId, line.mgNm]));
  return (
    <QuotePanel
      title="실시간 견적"
      quote={quote.asked ? quote.data : null}
      schdRate={values.schdRate}
      conflicts={quote.asked ? (quote.data?.conflicts ?? []) : []}
      groupNames={groupNames}
      updating={quote.asked && (quote.settling || quote.isFetching)}
      problem={quote.asked && !quote.settling ? problemOf(quote.error) : null}
      empty={<Typography.Text type="secondary">상품, 기간, 구좌 수와 매체 그룹을 고르면 견적이 계산됩니다.</Typography.Text>}
    />
  );
}
