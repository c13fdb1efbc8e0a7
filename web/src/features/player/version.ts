/** The browser player's version, sent at registration and with every heartbeat. */
export const PLAYER_VERSION = 'web-1.0.0';
