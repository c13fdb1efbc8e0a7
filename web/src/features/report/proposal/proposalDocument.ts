import { quoteLines, type Quote, type QuoteLine } from '../../../components/booking/quoteLines';
import type { Row } from '../../../components/resource/definition';
import { dateDiffDays } from '../../../lib/dates';

/** A target media group as the proposal detail lists it. */
export interface ProposalTarget {
  mgId: number;
  mgNm: string;
  poiNm: string | null;
  mediaCnt: number;
}

/** What the printed proposal says, worked out from its detail. */
export interface ProposalFacts {
  title: string;
  advertiserName: string;
  writtenOn: string;
  writer: string;
  period: string;
  days: number | null;
  product: string;
  slotCnt: number;
  targets: ProposalTarget[];
  mediaCnt: number;
  expectedPlays: number | null;
  audience: number | null;
  /** The price lines, the reach left to the expected effect. */
  priceLines: QuoteLine[];
  memo: string;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function periodDays(start: string, end: string): number | null {
  try {
    return dateDiffDays(start, end) + 1;
  } catch {
    return null;
  }
}

/** The facts of a proposal's detail (`report/temp/jsonDetail.do`), as the document prints them. */
export function proposalFacts(detail: Row): ProposalFacts {
  const quote = (detail.quote ?? null) as Quote | null;
  const targets = ((detail.targets as ProposalTarget[] | undefined) ?? []).map((target) => ({
    ...target,
    mediaCnt: Number(target.mediaCnt ?? 0),
  }));
  const start = text(detail.startDate);
  const end = text(detail.endDate);
  const product = [text(detail.pkgNm || detail.pkgId), text(detail.prdNm || detail.prdId)].filter(Boolean).join(' / ');
  return {
    title: text(detail.title),
    advertiserName: text(detail.advertiserName),
    writtenOn: text(detail.createdAt).slice(0, 10),
    writer: text(detail.uName),
    period: start && end ? `${start} ~ ${end}` : '',
    days: quote?.days ?? periodDays(start, end),
    product,
    slotCnt: Number(detail.slotCnt ?? 0),
    targets,
    mediaCnt: quote?.mediaCnt ?? targets.reduce((sum, target) => sum + target.mediaCnt, 0),
    expectedPlays: numberOrNull(detail.expectedPlays),
    audience: numberOrNull(detail.audience) ?? numberOrNull(quote?.audience),
    priceLines: quote ? quoteLines(quote, numberOrNull(detail.schdRate)).filter((line) => line.key !== 'audience') : [],
    memo: text(detail.memo).trim(),
  };
}
