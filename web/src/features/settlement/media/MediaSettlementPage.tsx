import { SettlementListPage } from '../list/SettlementListPage';
import { mediaSettlementDefinition } from './definition';

export default function MediaSettlementPage() {
  return <SettlementListPage definition={mediaSettlementDefinition} />;
}
