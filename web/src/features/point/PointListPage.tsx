import { useMemo, useState } from 'react';
import type { Row } from '../../components/resource/definition';
import { ResourceList } from '../../components/resource/ResourceList';
import { pointDefinition, type PointOwner } from './definition';
import { PointLedgerDrawer } from './PointLedgerDrawer';

/** Point balances of one kind of owner; a click on a row opens its ledger beside the list. */
export function PointListPage({ owner }: { owner: PointOwner }) {
  const definition = useMemo(() => pointDefinition(owner), [owner]);
  const [opened, setOpened] = useState<Row | null>(null);
  return (
    <>
      <ResourceList definition={definition} onRowOpen={setOpened} />
      <PointLedgerDrawer owner={owner} definition={definition} row={opened} onClose={() => setOpened(null)} />
    </>
  );
}

export const AdvertiserPointScreen = () => <PointListPage owner="advertiser" />;
export const SalesPointScreen = () => <PointListPage owner="sales" />;
export const SalesUserPointScreen = () => <PointListPage owner="salesuser" />;
