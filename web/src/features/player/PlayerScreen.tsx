import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { boardFrames } from './board';
import { BoardArea } from './BoardArea';
import type { Pairing } from './deviceStore';
import { HouseScreen } from './HouseScreen';
import { MediaLayer } from './mediaLayer';
import { materialFiles } from './materialFiles';
import { MessageOverlay, UrgentOverlay } from './Overlays';
import { runPlayback, type Played, type ScreenView } from './playback';
import { createPlayerApi } from './playerApi';
import { PlayerStage } from './PlayerStage';
import { bandHeight, boardLayout, templateSize, tickerBand, type Rect } from './screenLayout';
import { screenshot, type Scene } from './screenshot';
import { sleep } from './sleep';
import type { Timings } from './testParams';
import { Ticker } from './Ticker';
import type { Command, UrgentMessage } from './types';
import { urgentInForce } from './urgent';
import { useBoard } from './useBoard';
import { useHeartbeat } from './useHeartbeat';
import { useNow } from './useNow';
import { useProofOfPlay } from './useProofOfPlay';
import { usePushChannel } from './usePushChannel';
import { useSchedule } from './useSchedule';

/** The board's files are kept apart from the loop's, which a new plan prunes to its own. */
const BOARD_CACHE = 'townboard-player-board';

/** The deployed version an update command last reloaded for: the same one again would reload for ever. */
const UPDATED_TO = 'townboard.player.updatedTo';
const MAX_ERRORS = 10;

const translateX = (element: Element | null | undefined): number => {
  if (!element) return 0;
  const transform = getComputedStyle(element).transform;
  return transform && transform !== 'none' ? new DOMMatrixReadOnly(transform).m41 : 0;
};

/** Keeps the display awake while the player runs, where the browser allows it. */
function useWakeLock() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    const take = () => {
      if (document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return;
      navigator.wakeLock.request('screen').then((taken) => (lock = taken), () => undefined);
    };
    take();
    document.addEventListener('visibilitychange', take);
    return () => {
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

/** A paired screen: plays the day's loop, reports its plays and beats, and does what the server asks. */
export function PlayerScreen({ pairing, timings, onUnpaired }: { pairing: Pairing & { token: string }; timings: Timings; onUnpaired: () => void }) {
  const api = useMemo(() => createPlayerApi(pairing.token), [pairing.token]);
  const files = useMemo(() => materialFiles(pairing.token), [pairing.token]);
  const boardFiles = useMemo(() => materialFiles(pairing.token, BOARD_CACHE), [pairing.token]);
  const errors = useRef<string[]>([]);
  const reportError = useCallback((message: string) => {
    if (!errors.current.includes(message)) errors.current = [...errors.current, message].slice(-MAX_ERRORS);
  }, []);

  const pop = useProofOfPlay({ api, serial: pairing.serial, popEverySecs: timings.popEverySecs, onUnpaired });
  const { held, planRef, askNow } = useSchedule({ api, serial: pairing.serial, files, syncSecs: timings.syncSecs, planDays: timings.planDays, onUnpaired, onError: reportError, onReachable: pop.retryNow });
  const [view, setView] = useState<ScreenView>({ state: 'loading' });
  const [message, setMessage] = useState<{ text: string; until: number } | null>(null);
  const now = useNow();
  useWakeLock();

  const stageRef = useRef<HTMLDivElement>(null);
  const mediaRef = useRef<HTMLDivElement>(null);
  const layers = useRef<MediaLayer[]>([]);
  const front = useRef<0 | 1 | null>(null);
  const urgentImage = useRef<HTMLImageElement>(null);
  const boardVisual = useRef<HTMLImageElement | HTMLVideoElement | null>(null);

  const plan = held?.plan ?? null;
  const size = templateSize(plan?.templateType);
  const unit = Math.min(size.width, size.height) / 1080;
  const band = tickerBand(plan?.layout);
  const bandPx = bandHeight(size);
  const tickerText = plan ? [...plan.footer.notices, ...plan.footer.news].join('     ·     ') : '';
  const showsBand = tickerText !== '' && band !== 'none' && view.state !== 'closed';
  const shownMessage = message && message.until > now && view.state !== 'closed' ? message.text : null;
  // The board of the screen's group, beside or below the loop while it has posts to show.
  const board = useBoard({ api, mgId: plan?.mgId ?? null, files: boardFiles, everySecs: timings.syncSecs, onError: reportError });
  const frames = useMemo(() => boardFrames(board, timings.itemSecs), [board, timings.itemSecs]);
  const layout = frames.length > 0 && view.state !== 'closed' ? boardLayout(size, band, bandPx) : null;

  const handleCommand = useRef<(command: Command) => Promise<void>>(async () => undefined);
  // A command may come over the channel and again in a heartbeat before its acknowledgement: once is enough.
  const doneCommands = useRef(new Set<number>());
  const onCommand = useCallback(async (command: Command) => {
    if (command.id !== 0 && doneCommands.current.has(command.id)) return;
    doneCommands.current.add(command.id);
    await handleCommand.current(command);
  }, []);
  const [urgentList, setUrgentList] = useState<UrgentMessage[]>([]);
  useHeartbeat({
    api,
    beatSecs: timings.beatSecs,
    scheduleVersion: () => planRef.current?.version ?? '',
    errors: () => errors.current,
    clearErrors: (sent) => (errors.current = errors.current.filter((each) => !sent.includes(each))),
    onCommand,
    onUrgent: setUrgentList,
    onUnpaired,
    onReachable: pop.retryNow,
  });
  usePushChannel({
    token: pairing.token,
    scheduleVersion: () => planRef.current?.version ?? '',
    onUrgent: setUrgentList,
    onCommand,
    onSchedule: (_date, version) => {
      if (version !== planRef.current?.version) askNow();
    },
    onUnpaired,
  });
  const urgent = urgentInForce(urgentList, now);

  // An ad under an urgent message is not seen: plays that were covered at any moment are not counted.
  const cover = useRef({ covered: false, lastCoveredAt: 0 });
  useEffect(() => {
    cover.current.covered = urgent !== null;
    if (urgent) cover.current.lastCoveredAt = Date.now();
  });

  const onPlayed = useRef<(played: Played) => void>(() => undefined);
  useEffect(() => {
    onPlayed.current = (played) => {
      const { covered, lastCoveredAt } = cover.current;
      if (covered || lastCoveredAt >= played.startedAt.getTime()) return;
      pop.record(played);
    };
  });

  useEffect(() => {
    const root = mediaRef.current;
    if (!root) return;
    const made = [new MediaLayer(root), new MediaLayer(root)];
    layers.current = made;
    front.current = null;
    const controller = new AbortController();
    void runPlayback(
      {
        surface: {
          load: (layer, slide, file) =>
            made[layer].load(slide.kind === 'image' ? 'image' : 'video', file, {
              seq: String(slide.item.seq),
              matId: String(slide.item.matId ?? ''),
              cmpgId: String(slide.item.cmpgId ?? ''),
            }),
          bringToFront: (layer) => {
            made[layer].setFront(true);
            made[layer === 0 ? 1 : 0].setFront(false);
            front.current = layer;
          },
          pause: () => made.forEach((layer) => layer.pause()),
        },
        plan: () => planRef.current,
        file: (url) => files.blob(url),
        now: () => new Date(),
        sleep,
        itemSecs: timings.itemSecs,
        onView: setView,
        onPlayed: (played) => onPlayed.current(played),
        onError: reportError,
      },
      controller.signal,
    );
    return () => {
      controller.abort();
      made.forEach((layer) => layer.destroy());
      layers.current = [];
    };
  }, [files, planRef, timings.itemSecs, reportError]);

  // What a screenshot draws: the state of the last render, the material in front, the ticker where it is now.
  const scene = useRef<Omit<Scene, 'visual' | 'tickerOffset' | 'now' | 'urgent' | 'board'> & { urgentText: string | null; boardArea?: Rect }>(null);
  useEffect(() => {
    scene.current = {
      size,
      view,
      band: showsBand ? band : 'none',
      tickerText,
      notices: plan?.footer.notices ?? [],
      message: shownMessage,
      urgentText: urgent?.text ?? null,
      main: layout?.main,
      boardArea: layout?.board,
    };
  });

  useEffect(() => {
    handleCommand.current = async ({ type, payload }) => {
      const value = (name: string) => payload?.[name];
      if (type === 'capture') {
        const uuid = String(value('uuid') ?? '');
        const shown = scene.current;
        if (!uuid || !shown) return;
        const { urgentText, boardArea, ...rest } = shown;
        const visual = front.current === null ? null : (layers.current[front.current]?.visual() ?? null);
        const picture = await screenshot({
          ...rest,
          visual,
          tickerOffset: translateX(stageRef.current?.querySelector('.player-ticker-track')),
          urgent: urgentText === null ? null : { text: urgentText, image: urgentImage.current },
          board: boardArea ? { area: boardArea, visual: boardVisual.current } : undefined,
          now: new Date(),
        });
        const form = new FormData();
        form.append('file', picture, 'capture.png');
        const answer = await api.post(`capture/${encodeURIComponent(uuid)}`, form);
        if (answer.kind === 'refused') reportError(`캡처를 올리지 못했습니다: ${answer.message}`);
      } else if (type === 'message') {
        const seconds = Number(value('seconds'));
        setMessage({ text: String(value('text') ?? ''), until: Date.now() + (seconds > 0 ? seconds : 10) * 1_000 });
      } else if (type === 'update') {
        // A browser player updates by loading the page again: the server serves the deployed build.
        const version = String(value('version') ?? '');
        if (sessionStorage.getItem(UPDATED_TO) === version) return;
        sessionStorage.setItem(UPDATED_TO, version);
        window.location.reload();
      } else if (type === 'reboot') {
        window.location.reload();
      }
    };
  });

  const slide = view.state === 'playing' ? view.slide : null;
  const ownPage = view.state === 'loading' || view.state === 'empty' || slide?.kind === 'house' || slide?.kind === 'notice';
  return (
    <PlayerStage
      size={size}
      stageRef={stageRef}
      marks={{ state: view.state, seq: slide?.item.seq, cmpgId: slide?.item.cmpgId, matId: slide?.item.matId, kind: slide?.kind, version: plan?.version }}
    >
      <div className="player-main" style={layout ? { left: layout.main.x, top: layout.main.y, width: layout.main.width, height: layout.main.height } : undefined}>
        <div className="player-media" ref={mediaRef} />
        {ownPage && <HouseScreen notices={slide?.kind === 'notice' ? (plan?.footer.notices ?? []) : null} now={now} unit={unit} />}
      </div>
      {layout && <BoardArea frames={frames} files={boardFiles} area={layout.board} unit={unit} onError={reportError} visualRef={boardVisual} />}
      {view.state === 'closed' && <div className="player-closed" />}
      {showsBand && (band === 'top' || band === 'both') && <Ticker text={tickerText} position="top" height={bandPx} frameWidth={size.width} />}
      {showsBand && (band === 'bottom' || band === 'both') && <Ticker text={tickerText} position="bottom" height={bandPx} frameWidth={size.width} />}
      {shownMessage && <MessageOverlay text={shownMessage} unit={unit} bottom={showsBand && band !== 'top' ? bandPx : 0} />}
      {urgent && <UrgentOverlay message={urgent} unit={unit} imageRef={urgentImage} />}
    </PlayerStage>
  );
}
