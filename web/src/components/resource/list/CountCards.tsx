import { Badge } from 'antd';
import { Figure } from '../../common/Panel';
import { useCodeList } from '../../code/useCodeList';
import type { CountCards as CountCardsDefinition } from '../definition';

interface CountCardsProps {
  cards: CountCardsDefinition;
  /** `{code: count}` as the list answered it. */
  counts: Record<string, number> | undefined;
  /** The code searched now, or '' for none. */
  active: string;
  /** Searches one code; the active card again clears the search. */
  onPick: (code: string) => void;
}

/** One card per code of the group with its count; a click lists only the rows with that code. */
export function CountCards({ cards, counts, active, onPick }: CountCardsProps) {
  const { data: codes = [] } = useCodeList(cards.cdKey);
  return (
    <div className="count-cards">
      {codes.map(({ cdCode, cdName }) => {
        const pressed = active === cdCode;
        return (
          <button
            key={cdCode}
            type="button"
            aria-pressed={pressed}
            aria-label={`${cdName} ${counts?.[cdCode] ?? 0}건`}
            className={pressed ? 'panel panel-hoverable count-card active' : 'panel panel-hoverable count-card'}
            onClick={() => onPick(pressed ? '' : cdCode)}
          >
            <Figure title={<Badge color={cards.tagColors?.[cdCode] ?? 'default'} text={cdName} />} value={counts?.[cdCode] ?? 0} suffix="건" />
          </button>
        );
      })}
    </div>
  );
}
