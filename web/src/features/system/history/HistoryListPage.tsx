import { useSearchParams } from 'react-router';
import { ResourceList } from '../../../components/resource/ResourceList';
import { historyDefinition } from './definition';
import { HistoryDrawer } from './HistoryDrawer';

/** The change history: the list, and the entry clicked in a drawer (its id in the address, so it can be shared). */
export default function HistoryListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const opened = searchParams.get('hIdx');

  const open = (hIdx: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (hIdx === null) next.delete('hIdx');
      else next.set('hIdx', hIdx);
      return next;
    });

  return (
    <>
      <ResourceList definition={historyDefinition} onRowOpen={(row) => open(String(row.hIdx))} />
      <HistoryDrawer hIdx={opened} onClose={() => open(null)} />
    </>
  );
}
