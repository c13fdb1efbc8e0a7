import { SwapOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { CodeTag } from '../../../components/code/CodeTag';
import { Thumbnail } from '../../../components/common/Thumbnail';
import { itemTitle, LOOPS_LABELS, replaceable, type LoopItem } from '../loop';
import { SLOT_TYPE_COLORS } from './slotColors';

interface SlotCardProps {
  item: LoopItem;
  /** Replacing the slot's material; no button without it. */
  onReplace?: (item: LoopItem) => void;
}

const pictureOf = (item: LoopItem) =>
  item.thumbUrl ?? (item.matId === null ? null : `/api/material/image.do?${new URLSearchParams({ matId: String(item.matId) })}`);

/** One item of the loop: its slot type's colour, picture, what it plays, how long and in which loops. */
export function SlotCard({ item, onReplace }: SlotCardProps) {
  const title = itemTitle(item);
  return (
    <article
      className={`loop-slot-card slot-type-${item.slotType}${item.overridden ? ' overridden' : ''}`}
      aria-label={`${item.seq}번 ${title}`}
      data-seq={item.seq}
    >
      <Thumbnail src={pictureOf(item)} alt={title} />
      <div className="loop-slot-body">
        <div className="loop-slot-tags">
          <CodeTag cdKey="SLOT_TYPE" value={item.slotType} colors={SLOT_TYPE_COLORS} />
          {item.loops !== 'all' && <Tag>{LOOPS_LABELS[item.loops]}</Tag>}
          {item.overridden && <Tag color="magenta">수동 변경</Tag>}
        </div>
        <Typography.Text strong ellipsis={{ tooltip: title }} className="loop-slot-title">
          {title}
        </Typography.Text>
        {item.cmpgTitle && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: item.cmpgTitle }}>
            {item.cmpgTitle}
          </Typography.Text>
        )}
        <span className="secondary-text">
          #{item.seq} · {item.seconds}초
        </span>
        {onReplace && replaceable(item) && (
          <Button size="small" icon={<SwapOutlined />} onClick={() => onReplace(item)} aria-label={`${item.seq}번 소재 교체`}>
            교체
          </Button>
        )}
      </div>
    </article>
  );
}
