import { useEffect, useRef } from 'react';
import { openPushChannel, type PushHandlers } from './pushChannel';

/** Holds the push channel while the screen is paired; the handlers read the latest props. */
export function usePushChannel(options: PushHandlers & { token: string }): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { token } = options;
  useEffect(
    () =>
      openPushChannel(
        { token },
        {
          scheduleVersion: () => latest.current.scheduleVersion(),
          onUrgent: (urgent) => latest.current.onUrgent(urgent),
          onCommand: (command) => latest.current.onCommand(command),
          onSchedule: (date, version) => latest.current.onSchedule(date, version),
          onUnpaired: () => latest.current.onUnpaired(),
        },
      ),
    [token],
  );
}
