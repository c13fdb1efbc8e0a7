/** The screen's own page for slots without a material: the house screen, or the notices for the notice slot. */
export function HouseScreen({ notices, now, unit }: { notices: string[] | null; now: number; unit: number }) {
  if (notices && notices.length > 0) {
    return (
      <div className="player-house" data-kind="notice" style={{ fontSize: 48 * unit }}>
        <h1 style={{ fontSize: 72 * unit }}>공지사항</h1>
        <ul>
          {notices.map((notice, index) => (
            <li key={index}>{notice}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="player-house" data-kind="house">
      <div className="player-brand" style={{ fontSize: 96 * unit }}>
        타운보드
      </div>
      <div className="player-clock" style={{ fontSize: 56 * unit }}>
        {new Date(now).toLocaleTimeString('ko-KR', { hour: '2-digit', minute: '2-digit' })}
      </div>
    </div>
  );
}
