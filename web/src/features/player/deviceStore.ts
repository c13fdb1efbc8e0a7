/** What a paired browser keeps: the device serial it plays for, its own ssaid, and the token register gave it. */
export interface Pairing {
  serial: string;
  ssaid: string;
  token: string | null;
}

const KEY = 'townboard.player.pairing';

/** A new ssaid: random, made once per browser (getRandomValues also works outside secure contexts). */
export function newSsaid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `web-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The kept pairing; a browser that never paired gets its ssaid now (kept once a serial is saved). */
export function loadPairing(): Pairing {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<Pairing> | null;
    if (kept && typeof kept.ssaid === 'string' && kept.ssaid !== '') {
      return { serial: typeof kept.serial === 'string' ? kept.serial : '', ssaid: kept.ssaid, token: typeof kept.token === 'string' ? kept.token : null };
    }
  } catch {
    // Unreadable: start over.
  }
  return { serial: '', ssaid: newSsaid(), token: null };
}

export function savePairing(pairing: Pairing): void {
  localStorage.setItem(KEY, JSON.stringify(pairing));
}

/** The token was revoked (an ssaid reset): the serial and ssaid stay for the next pairing. */
export function forgetToken(): Pairing {
  const pairing = { ...loadPairing(), token: null };
  savePairing(pairing);
  return pairing;
}
