import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { dayOf } from '../../lib/dates';
import { loadHeldPlan, saveHeldPlan } from './heldPlanStore';
import type { MaterialFiles } from './materialFiles';
import type { PlayerApi } from './playerApi';
import { askSchedule, type HeldPlan } from './scheduleSync';
import type { Plan } from './types';

interface Options {
  api: PlayerApi;
  serial: string;
  files: MaterialFiles;
  syncSecs: number;
  /** Tests only (see testParams): the plan of the day this many days ahead. */
  planDays: number;
  onUnpaired: () => void;
  onError: (message: string) => void;
  /** The server answered: whatever waited for it may go now. */
  onReachable: () => void;
}

/** Milliseconds until just after the next midnight on this clock, when the next day's plan is due. */
function untilMidnight(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return midnight.getTime() - now.getTime() + 1_000;
}

const fileUrls = (plan: Plan) => plan.loop.flatMap((item) => (item.url ? [item.url] : []));

/**
 * The plan in force: the kept one at once (so a restart plays on while the server is unreachable),
 * then asked every `syncSecs` and at midnight with the held version; a new version is kept, its files
 * fetched ahead, and the files no plan plays any more are dropped.
 */
export function useSchedule({ api, serial, files, syncSecs, planDays, onUnpaired, onError, onReachable }: Options): {
  held: HeldPlan | null;
  planRef: RefObject<Plan | null>;
  /** Asks at once (the push channel said the loop changed). */
  askNow: () => void;
} {
  const [held, setHeld] = useState<HeldPlan | null>(() => loadHeldPlan(serial));
  const heldRef = useRef(held);
  const planRef = useRef<Plan | null>(held?.plan ?? null);
  const callbacks = useRef({ onUnpaired, onError, onReachable });
  const asker = useRef<() => void>(() => undefined);
  useEffect(() => {
    callbacks.current = { onUnpaired, onError, onReachable };
  });

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const fetchFiles = async (plan: Plan) => {
      const failed = await files.prefetch(fileUrls(plan));
      if (failed.length > 0) callbacks.current.onError(`소재 파일 ${failed.length}개를 받지 못했습니다.`);
      else if (!stopped && heldRef.current?.plan === plan) await files.keepOnly(fileUrls(plan));
    };

    const ask = async () => {
      const now = new Date();
      const outcome = await askSchedule(api, dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() + planDays, 12)), heldRef.current);
      if (stopped) return;
      if (outcome.kind === 'new') {
        heldRef.current = outcome.held;
        planRef.current = outcome.held.plan;
        setHeld(outcome.held);
        saveHeldPlan(serial, outcome.held);
        void fetchFiles(outcome.held.plan);
      }
      if (outcome.kind === 'unpaired') return callbacks.current.onUnpaired();
      if (outcome.kind === 'refused') callbacks.current.onError(`편성표를 받지 못했습니다: ${outcome.message}`);
      if (outcome.kind === 'new' || outcome.kind === 'same') callbacks.current.onReachable();
      timer = setTimeout(() => void ask(), Math.min(syncSecs * 1_000, untilMidnight(new Date())));
    };

    asker.current = () => {
      clearTimeout(timer);
      void ask();
    };
    // The kept plan's files may have gone with a cleared cache: fetch what is missing.
    if (heldRef.current) void files.prefetch(fileUrls(heldRef.current.plan));
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, serial, files, syncSecs, planDays]);

  const askNow = useCallback(() => asker.current(), []);
  return { held, planRef, askNow };
}
