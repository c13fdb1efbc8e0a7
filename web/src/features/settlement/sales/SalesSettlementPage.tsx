import { SettlementListPage } from '../list/SettlementListPage';
import { salesSettlementDefinition } from './definition';

export default function SalesSettlementPage() {
  return <SettlementListPage definition={salesSettlementDefinition} />;
}
