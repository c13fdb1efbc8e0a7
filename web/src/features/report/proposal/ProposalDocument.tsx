import type { Row } from '../../../components/resource/definition';
import { proposalFacts } from './proposalDocument';

const count = (value: number | null, unit: string) => (value === null ? '-' : `${value.toLocaleString('ko-KR')}${unit}`);

/** A proposal as a document for the advertiser: what is offered, where, the expected reach and the price. */
export function ProposalDocument({ detail }: { detail: Row }) {
  const facts = proposalFacts(detail);
  return (
    <article className="proposal-document">
      <header className="proposal-header">
        <div className="proposal-kind">광고 제안서</div>
        <h1 className="proposal-title">{facts.title}</h1>
        <p className="proposal-addressee">{facts.advertiserName} 귀하</p>
        <p className="proposal-meta">
          작성일 {facts.writtenOn}
          {facts.writer && ` · 담당 ${facts.writer}`}
        </p>
      </header>

      <section className="proposal-section">
        <h2>제안 개요</h2>
        <table className="proposal-table proposal-summary">
          <tbody>
            <tr>
              <th>광고주</th>
              <td>{facts.advertiserName}</td>
              <th>상품</th>
              <td>{facts.product}</td>
            </tr>
            <tr>
              <th>기간</th>
              <td>
                {facts.period}
                {facts.days !== null && ` (${facts.days.toLocaleString('ko-KR')}일)`}
              </td>
              <th>구좌 수</th>
              <td>{count(facts.slotCnt, '구좌')}</td>
            </tr>
            <tr>
              <th>매체 그룹</th>
              <td>{count(facts.targets.length, '개')}</td>
              <th>매체 수</th>
              <td>{count(facts.mediaCnt, '대')}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section className="proposal-section">
        <h2>기대 효과</h2>
        <div className="proposal-figures">
          <div className="proposal-figure" data-figure="expectedPlays">
            <span className="proposal-figure-label">예상 재생 횟수</span>
            <strong>{count(facts.expectedPlays, '회')}</strong>
          </div>
          <div className="proposal-figure" data-figure="audience">
            <span className="proposal-figure-label">예상 노출 인원</span>
            <strong>{count(facts.audience, '명')}</strong>
          </div>
        </div>
      </section>

      <section className="proposal-section">
        <h2>대상 매체</h2>
        <table className="proposal-table proposal-targets">
          <thead>
            <tr>
              <th>매체 그룹</th>
              <th>사이트</th>
              <th className="number">매체 수</th>
            </tr>
          </thead>
          <tbody>
            {facts.targets.map((target) => (
              <tr key={target.mgId}>
                <td>{target.mgNm}</td>
                <td>{target.poiNm ?? ''}</td>
                <td className="number">{target.mediaCnt.toLocaleString('ko-KR')}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={2}>합계</th>
              <td className="number">{facts.targets.reduce((sum, target) => sum + target.mediaCnt, 0).toLocaleString('ko-KR')}</td>
            </tr>
          </tfoot>
        </table>
      </section>

      <section className="proposal-section">
        <h2>견적</h2>
        {facts.priceLines.length === 0 ? (
          <p>견적을 계산할 수 없습니다.</p>
        ) : (
          <table className="proposal-table proposal-price">
            <tbody>
              {facts.priceLines.map((line) => (
                <tr key={line.key} className={line.strong ? 'proposal-total' : undefined}>
                  <th>{line.label}</th>
                  <td className="number" data-quote-line={line.key}>
                    {line.value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      {facts.memo && (
        <section className="proposal-section">
          <h2>비고</h2>
          <p className="preserve-lines">{facts.memo}</p>
        </section>
      )}

      <footer className="proposal-footer">
        금액은 현재 상품 단가로 계산한 예상 금액이며, 계약 시점의 슬롯 가용 여부와 단가에 따라 달라질 수 있습니다.
      </footer>
    </article>
  );
}
