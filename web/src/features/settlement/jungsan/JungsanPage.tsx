import { SettlementListPage } from '../list/SettlementListPage';
import { jungsanDefinition } from './definition';

export default function JungsanPage() {
  return <SettlementListPage definition={jungsanDefinition} />;
}
