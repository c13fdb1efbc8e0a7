import { SettlementListPage } from '../list/SettlementListPage';
import { campaignSettlementDefinition } from './definition';

export default function CampaignSettlementPage() {
  return <SettlementListPage definition={campaignSettlementDefinition} />;
}
