/** The seeded manager and the passwords the end-to-end run gives it. */
export const ADMIN_ID = 'admin';
export const ADMIN_INITIAL_PASSWORD = 'E2e-Initial#2468';
export const ADMIN_NEW_PASSWORD = 'E2e-Changed#1357';
/** The fixed captcha answer the server uses when TOWNBOARD_TEST_CAPTCHA is set. */
export const TEST_CAPTCHA = '12345';
