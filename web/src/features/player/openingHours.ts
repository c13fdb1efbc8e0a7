/** Minutes since midnight of "HH:MM" (seconds, if given, are ignored); null for anything else. */
export function minutesOfDay(text: string | null | undefined): number | null {
  const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/**
 * Whether the site is open at `now` (this computer's clock): from `openTime` through the whole
 * minute of `closeTime`, so "00:00"-"23:59" is the whole day; a close before the open runs past
 * midnight. A site without valid hours is always open.
 */
export function isOpenAt(now: Date, openTime: string | null | undefined, closeTime: string | null | undefined): boolean {
  const open = minutesOfDay(openTime);
  const close = minutesOfDay(closeTime);
  if (open === null || close === null || open === close) return true;
  const minute = now.getHours() * 60 + now.getMinutes();
  return open < close ? minute >= open && minute <= close : minute >= open || minute <= close;
}
