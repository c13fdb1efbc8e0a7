import { useSessionUser } from '../../../lib/session/sessionStore';
import type { CampaignCounts } from './dashboardApi';
import { CAMPAIGN_CARD_PATHS, mayOpen } from './links';
import { StatCard } from './StatCard';

const CARDS: { key: keyof CampaignCounts; title: string }[] = [
  { key: 'awaitingApproval', title: '승인 대기' },
  { key: 'live', title: '방송중' },
  { key: 'endingSoon', title: '종료 임박' },
];

/** Campaigns waiting for approval, live and ending soon, each opening its list filtered to them. */
export function CampaignCountCards({ counts }: { counts: CampaignCounts }) {
  const user = useSessionUser();
  return (
    <>
      {CARDS.map(({ key, title }) => (
        <StatCard
          key={key}
          title={title}
          value={counts[key]}
          suffix="건"
          to={mayOpen(user, CAMPAIGN_CARD_PATHS[key]) ? CAMPAIGN_CARD_PATHS[key] : null}
        />
      ))}
    </>
  );
}
